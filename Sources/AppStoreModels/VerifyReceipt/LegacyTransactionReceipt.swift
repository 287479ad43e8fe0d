/// An iOS 6-style transaction receipt: the `receipt` of a verifyReceipt response for an iOS 6-style
/// receipt, its `latest_receipt_info` and `latest_expired_receipt_info` objects, and the deprecated
/// top-level `latest_receipt_info` of a version 1 notification.
///
/// Unlike iOS 7 style, `expires_date` is a millisecond string here and the formatted expiry is in
/// `expires_date_formatted`; the app and product are named by `bid`, `bvrs`, `app_item_id`,
/// `item_id`.
public struct LegacyTransactionReceipt: Hashable, Sendable, Codable {
    /// The bundle identifier of the app.
    public var bid: String?
    /// The bundle version of the app.
    public var bvrs: String?
    /// The App Store's identifier of the app.
    public var appItemId: FlexibleInt64?
    /// The App Store's identifier of the In-App Purchase product.
    public var itemId: FlexibleInt64?
    /// The App Store's identifier of the app version.
    public var versionExternalIdentifier: FlexibleInt64?
    /// The device identifier Apple assigned (UDID-like).
    public var uniqueIdentifier: String?
    /// The identifier for vendor of the device.
    public var uniqueVendorIdentifier: String?
    /// The product identifier of the purchase.
    public var productId: String?
    /// The number of items purchased.
    public var quantity: FlexibleInt64?
    /// The identifier of this transaction.
    public var transactionId: String?
    /// The transaction identifier of the original purchase.
    public var originalTransactionId: String?
    /// The identifier of a subscription purchase event across devices.
    public var webOrderLineItemId: String?
    /// When the App Store charged the account, as Apple's formatted UTC date (`yyyy-MM-dd HH:mm:ss
    /// Etc/GMT`).
    public var purchaseDate: AppleFormattedDate?
    /// When the App Store charged the account, in milliseconds since 1970 (a string of digits); use
    /// this for processing.
    public var purchaseDateMs: FlexibleTimestamp?
    /// When the App Store charged the account, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var purchaseDatePst: AppleFormattedDate?
    /// When the original transaction was purchased, as Apple's formatted UTC date (`yyyy-MM-dd
    /// HH:mm:ss Etc/GMT`).
    public var originalPurchaseDate: AppleFormattedDate?
    /// When the original transaction was purchased, in milliseconds since 1970 (a string of
    /// digits); use this for processing.
    public var originalPurchaseDateMs: FlexibleTimestamp?
    /// When the original transaction was purchased, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var originalPurchaseDatePst: AppleFormattedDate?
    /// When the subscription expires, in milliseconds since 1970 (a string of digits; iOS 6 style).
    public var expiresDate: FlexibleTimestamp?
    /// When the subscription expires, as Apple's formatted UTC date.
    public var expiresDateFormatted: AppleFormattedDate?
    /// When the subscription expires, as Apple's formatted Pacific time.
    public var expiresDateFormattedPst: AppleFormattedDate?
    /// When the App Store refunded the transaction, as Apple's formatted UTC date (`yyyy-MM-dd
    /// HH:mm:ss Etc/GMT`).
    public var cancellationDate: AppleFormattedDate?
    /// When the App Store refunded the transaction, in milliseconds since 1970 (a string of
    /// digits); use this for processing.
    public var cancellationDateMs: FlexibleTimestamp?
    /// When the App Store refunded the transaction, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var cancellationDatePst: AppleFormattedDate?
    /// Why the transaction was refunded: `"1"` an issue with the app, `"0"` another reason.
    public var cancellationReason: FlexibleInt64?
    /// Whether the period is a free trial.
    public var isTrialPeriod: FlexibleBool?
    /// Whether the period uses an introductory price.
    public var isInIntroOfferPeriod: FlexibleBool?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        bid: String? = nil,
        bvrs: String? = nil,
        appItemId: FlexibleInt64? = nil,
        itemId: FlexibleInt64? = nil,
        versionExternalIdentifier: FlexibleInt64? = nil,
        uniqueIdentifier: String? = nil,
        uniqueVendorIdentifier: String? = nil,
        productId: String? = nil,
        quantity: FlexibleInt64? = nil,
        transactionId: String? = nil,
        originalTransactionId: String? = nil,
        webOrderLineItemId: String? = nil,
        purchaseDate: AppleFormattedDate? = nil,
        purchaseDateMs: FlexibleTimestamp? = nil,
        purchaseDatePst: AppleFormattedDate? = nil,
        originalPurchaseDate: AppleFormattedDate? = nil,
        originalPurchaseDateMs: FlexibleTimestamp? = nil,
        originalPurchaseDatePst: AppleFormattedDate? = nil,
        expiresDate: FlexibleTimestamp? = nil,
        expiresDateFormatted: AppleFormattedDate? = nil,
        expiresDateFormattedPst: AppleFormattedDate? = nil,
        cancellationDate: AppleFormattedDate? = nil,
        cancellationDateMs: FlexibleTimestamp? = nil,
        cancellationDatePst: AppleFormattedDate? = nil,
        cancellationReason: FlexibleInt64? = nil,
        isTrialPeriod: FlexibleBool? = nil,
        isInIntroOfferPeriod: FlexibleBool? = nil
    ) {
        self.bid = bid
        self.bvrs = bvrs
        self.appItemId = appItemId
        self.itemId = itemId
        self.versionExternalIdentifier = versionExternalIdentifier
        self.uniqueIdentifier = uniqueIdentifier
        self.uniqueVendorIdentifier = uniqueVendorIdentifier
        self.productId = productId
        self.quantity = quantity
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.purchaseDate = purchaseDate
        self.purchaseDateMs = purchaseDateMs
        self.purchaseDatePst = purchaseDatePst
        self.originalPurchaseDate = originalPurchaseDate
        self.originalPurchaseDateMs = originalPurchaseDateMs
        self.originalPurchaseDatePst = originalPurchaseDatePst
        self.expiresDate = expiresDate
        self.expiresDateFormatted = expiresDateFormatted
        self.expiresDateFormattedPst = expiresDateFormattedPst
        self.cancellationDate = cancellationDate
        self.cancellationDateMs = cancellationDateMs
        self.cancellationDatePst = cancellationDatePst
        self.cancellationReason = cancellationReason
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
    }

    enum CodingKeys: String, CodingKey {
        case bid = "bid"
        case bvrs = "bvrs"
        case appItemId = "app_item_id"
        case itemId = "item_id"
        case versionExternalIdentifier = "version_external_identifier"
        case uniqueIdentifier = "unique_identifier"
        case uniqueVendorIdentifier = "unique_vendor_identifier"
        case productId = "product_id"
        case quantity = "quantity"
        case transactionId = "transaction_id"
        case originalTransactionId = "original_transaction_id"
        case webOrderLineItemId = "web_order_line_item_id"
        case purchaseDate = "purchase_date"
        case purchaseDateMs = "purchase_date_ms"
        case purchaseDatePst = "purchase_date_pst"
        case originalPurchaseDate = "original_purchase_date"
        case originalPurchaseDateMs = "original_purchase_date_ms"
        case originalPurchaseDatePst = "original_purchase_date_pst"
        case expiresDate = "expires_date"
        case expiresDateFormatted = "expires_date_formatted"
        case expiresDateFormattedPst = "expires_date_formatted_pst"
        case cancellationDate = "cancellation_date"
        case cancellationDateMs = "cancellation_date_ms"
        case cancellationDatePst = "cancellation_date_pst"
        case cancellationReason = "cancellation_reason"
        case isTrialPeriod = "is_trial_period"
        case isInIntroOfferPeriod = "is_in_intro_offer_period"
    }

    /// The purchase instant, from `purchase_date_ms` or else the formatted date.
    public var purchaseTimestamp: Timestamp? { purchaseDateMs?.timestamp ?? purchaseDate?.timestamp }
    /// The expiry instant, from `expires_date` or else `expires_date_formatted`.
    public var expiresTimestamp: Timestamp? { expiresDate?.timestamp ?? expiresDateFormatted?.timestamp }
    /// The refund instant, from `cancellation_date_ms` or else the formatted date.
    public var cancellationTimestamp: Timestamp? { cancellationDateMs?.timestamp ?? cancellationDate?.timestamp }
}

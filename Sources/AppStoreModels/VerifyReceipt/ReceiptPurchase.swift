/// What every receipt transaction says of its purchase, in iOS 7 style (``ReceiptTransactionInfo``)
/// and iOS 6 style (``LegacyTransactionReceipt``) alike: the product, the identifiers, the
/// purchase, original purchase and refund dates (each three times: formatted UTC, `*_ms`,
/// formatted Pacific), and the offer flags. Both styles decode it from their own object, beside
/// their own fields, and reach it through dynamic member lookup (`record.productId`).
///
/// Apple sends numbers and Booleans here as strings (`"quantity": "1"`, `"is_trial_period":
/// "false"`); the flexible types accept either form and re-encode Apple's.
public struct ReceiptPurchase: Hashable, Sendable, Codable {
    /// The number of consumable products purchased (usually 1, at most 10).
    public var quantity: FlexibleInt64?
    /// The product identifier of the purchase.
    public var productId: String?
    /// The identifier of this purchase, restore, or renewal.
    public var transactionId: String?
    /// The transaction identifier of the original purchase.
    public var originalTransactionId: String?
    /// The identifier of a subscription purchase event across devices, including renewals.
    public var webOrderLineItemId: String?
    /// When the App Store charged the account for the purchase, restore, or renewal after a lapse,
    /// as Apple's formatted UTC date (`yyyy-MM-dd HH:mm:ss Etc/GMT`).
    public var purchaseDate: AppleFormattedDate?
    /// When the App Store charged the account for the purchase, restore, or renewal after a lapse,
    /// in milliseconds since 1970 (a string of digits); use this for processing.
    public var purchaseDateMs: FlexibleTimestamp?
    /// When the App Store charged the account for the purchase, restore, or renewal after a lapse,
    /// as Apple's formatted Pacific time (`... America/Los_Angeles`).
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
    /// When the App Store refunded the transaction or revoked it from Family Sharing, as Apple's
    /// formatted UTC date (`yyyy-MM-dd HH:mm:ss Etc/GMT`).
    public var cancellationDate: AppleFormattedDate?
    /// When the App Store refunded the transaction or revoked it from Family Sharing, in
    /// milliseconds since 1970 (a string of digits); use this for processing.
    public var cancellationDateMs: FlexibleTimestamp?
    /// When the App Store refunded the transaction or revoked it from Family Sharing, as Apple's
    /// formatted Pacific time (`... America/Los_Angeles`).
    public var cancellationDatePst: AppleFormattedDate?
    /// Why the transaction was refunded: `"1"` an issue with the app, `"0"` another reason (see
    /// ``RevocationReason``).
    public var cancellationReason: FlexibleInt64?
    /// Whether the subscription period is a free trial (`"true"`/`"false"`).
    public var isTrialPeriod: FlexibleBool?
    /// Whether the subscription period uses an introductory price (`"true"`/`"false"`).
    public var isInIntroOfferPeriod: FlexibleBool?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        quantity: FlexibleInt64? = nil,
        productId: String? = nil,
        transactionId: String? = nil,
        originalTransactionId: String? = nil,
        webOrderLineItemId: String? = nil,
        purchaseDate: AppleFormattedDate? = nil,
        purchaseDateMs: FlexibleTimestamp? = nil,
        purchaseDatePst: AppleFormattedDate? = nil,
        originalPurchaseDate: AppleFormattedDate? = nil,
        originalPurchaseDateMs: FlexibleTimestamp? = nil,
        originalPurchaseDatePst: AppleFormattedDate? = nil,
        cancellationDate: AppleFormattedDate? = nil,
        cancellationDateMs: FlexibleTimestamp? = nil,
        cancellationDatePst: AppleFormattedDate? = nil,
        cancellationReason: FlexibleInt64? = nil,
        isTrialPeriod: FlexibleBool? = nil,
        isInIntroOfferPeriod: FlexibleBool? = nil
    ) {
        self.quantity = quantity
        self.productId = productId
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.purchaseDate = purchaseDate
        self.purchaseDateMs = purchaseDateMs
        self.purchaseDatePst = purchaseDatePst
        self.originalPurchaseDate = originalPurchaseDate
        self.originalPurchaseDateMs = originalPurchaseDateMs
        self.originalPurchaseDatePst = originalPurchaseDatePst
        self.cancellationDate = cancellationDate
        self.cancellationDateMs = cancellationDateMs
        self.cancellationDatePst = cancellationDatePst
        self.cancellationReason = cancellationReason
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
    }

    enum CodingKeys: String, CodingKey {
        case quantity = "quantity"
        case productId = "product_id"
        case transactionId = "transaction_id"
        case originalTransactionId = "original_transaction_id"
        case webOrderLineItemId = "web_order_line_item_id"
        case purchaseDate = "purchase_date"
        case purchaseDateMs = "purchase_date_ms"
        case purchaseDatePst = "purchase_date_pst"
        case originalPurchaseDate = "original_purchase_date"
        case originalPurchaseDateMs = "original_purchase_date_ms"
        case originalPurchaseDatePst = "original_purchase_date_pst"
        case cancellationDate = "cancellation_date"
        case cancellationDateMs = "cancellation_date_ms"
        case cancellationDatePst = "cancellation_date_pst"
        case cancellationReason = "cancellation_reason"
        case isTrialPeriod = "is_trial_period"
        case isInIntroOfferPeriod = "is_in_intro_offer_period"
    }

    /// The purchase instant, from `purchase_date_ms` or else the formatted date.
    public var purchaseTimestamp: Timestamp? { purchaseDateMs?.timestamp ?? purchaseDate?.timestamp }
    /// The original purchase instant, from `original_purchase_date_ms` or else the formatted date.
    public var originalPurchaseTimestamp: Timestamp? {
        originalPurchaseDateMs?.timestamp ?? originalPurchaseDate?.timestamp
    }
    /// The refund or revocation instant, from `cancellation_date_ms` or else the formatted date.
    public var cancellationTimestamp: Timestamp? { cancellationDateMs?.timestamp ?? cancellationDate?.timestamp }
    /// `cancellation_reason` as a typed reason.
    public var revocationReason: RevocationReason? {
        cancellationReason.flatMap { Int32(exactly: $0.value) }.map(RevocationReason.init(rawValue:))
    }
}

public import Foundation

/// One In-App Purchase transaction of an iOS 7-style receipt: an element of `in_app`, of
/// `latest_receipt_info` in a verifyReceipt response, and of `unified_receipt.latest_receipt_info`
/// in a version 1 notification.
///
/// Apple sends numbers and Booleans here as strings (`"quantity": "1"`, `"is_trial_period":
/// "false"`) and every date three times (formatted UTC, `*_ms`, formatted Pacific); the flexible
/// types accept either form and re-encode Apple's.
public struct ReceiptTransactionInfo: Hashable, Sendable, Codable {
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
    /// When the subscription expires or renews, as Apple's formatted UTC date (`yyyy-MM-dd HH:mm:ss
    /// Etc/GMT`).
    public var expiresDate: AppleFormattedDate?
    /// When the subscription expires or renews, in milliseconds since 1970 (a string of digits);
    /// use this for processing.
    public var expiresDateMs: FlexibleTimestamp?
    /// When the subscription expires or renews, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var expiresDatePst: AppleFormattedDate?
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
    /// Present (`"true"`) on a subscription transaction that ended because the customer upgraded.
    public var isUpgraded: FlexibleBool?
    /// The identifier of the promotional offer the customer redeemed.
    public var promotionalOfferId: String?
    /// The reference name of the subscription offer code the customer redeemed.
    public var offerCodeRefName: String?
    /// The identifier of the subscription group of the subscription.
    public var subscriptionGroupIdentifier: String?
    /// Whether the customer purchased the product or has it through Family Sharing.
    public var inAppOwnershipType: InAppOwnershipType?
    /// The UUID your app supplied (`appAccountToken` or a UUID `applicationUsername`) at purchase.
    public var appAccountToken: UUID?

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
        expiresDate: AppleFormattedDate? = nil,
        expiresDateMs: FlexibleTimestamp? = nil,
        expiresDatePst: AppleFormattedDate? = nil,
        cancellationDate: AppleFormattedDate? = nil,
        cancellationDateMs: FlexibleTimestamp? = nil,
        cancellationDatePst: AppleFormattedDate? = nil,
        cancellationReason: FlexibleInt64? = nil,
        isTrialPeriod: FlexibleBool? = nil,
        isInIntroOfferPeriod: FlexibleBool? = nil,
        isUpgraded: FlexibleBool? = nil,
        promotionalOfferId: String? = nil,
        offerCodeRefName: String? = nil,
        subscriptionGroupIdentifier: String? = nil,
        inAppOwnershipType: InAppOwnershipType? = nil,
        appAccountToken: UUID? = nil
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
        self.expiresDate = expiresDate
        self.expiresDateMs = expiresDateMs
        self.expiresDatePst = expiresDatePst
        self.cancellationDate = cancellationDate
        self.cancellationDateMs = cancellationDateMs
        self.cancellationDatePst = cancellationDatePst
        self.cancellationReason = cancellationReason
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.isUpgraded = isUpgraded
        self.promotionalOfferId = promotionalOfferId
        self.offerCodeRefName = offerCodeRefName
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.inAppOwnershipType = inAppOwnershipType
        self.appAccountToken = appAccountToken
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
        case expiresDate = "expires_date"
        case expiresDateMs = "expires_date_ms"
        case expiresDatePst = "expires_date_pst"
        case cancellationDate = "cancellation_date"
        case cancellationDateMs = "cancellation_date_ms"
        case cancellationDatePst = "cancellation_date_pst"
        case cancellationReason = "cancellation_reason"
        case isTrialPeriod = "is_trial_period"
        case isInIntroOfferPeriod = "is_in_intro_offer_period"
        case isUpgraded = "is_upgraded"
        case promotionalOfferId = "promotional_offer_id"
        case offerCodeRefName = "offer_code_ref_name"
        case subscriptionGroupIdentifier = "subscription_group_identifier"
        case inAppOwnershipType = "in_app_ownership_type"
        case appAccountToken = "app_account_token"
    }

    /// The purchase instant, from `purchase_date_ms` or else the formatted date.
    public var purchaseTimestamp: Timestamp? { purchaseDateMs?.timestamp ?? purchaseDate?.timestamp }
    /// The original purchase instant, from `original_purchase_date_ms` or else the formatted date.
    public var originalPurchaseTimestamp: Timestamp? {
        originalPurchaseDateMs?.timestamp ?? originalPurchaseDate?.timestamp
    }
    /// The expiry instant, from `expires_date_ms` or else the formatted date.
    public var expiresTimestamp: Timestamp? { expiresDateMs?.timestamp ?? expiresDate?.timestamp }
    /// The refund or revocation instant, from `cancellation_date_ms` or else the formatted date.
    public var cancellationTimestamp: Timestamp? { cancellationDateMs?.timestamp ?? cancellationDate?.timestamp }
    /// `cancellation_reason` as a typed reason.
    public var revocationReason: RevocationReason? {
        cancellationReason.flatMap { Int32(exactly: $0.value) }.map(RevocationReason.init(rawValue:))
    }
}

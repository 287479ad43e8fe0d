/// One in-app purchase receipt inside an ``AppReceipt`` (attribute 17), field by field.
///
/// Property names follow the `verifyReceipt` keys (`product_id` → ``productId``). Fields that
/// `verifyReceipt` reports but that have no ASN.1 attribute in the receipt
/// (`cancellation_reason`, `in_app_ownership_type`, `offer_code_ref_name`,
/// `subscription_group_identifier`, ...) cannot be read from the receipt itself; attributes this
/// decoder does not map are kept in ``unknownAttributes``.
public struct AppReceiptInAppPurchase: Hashable, Sendable {
    /// `quantity` (1701).
    public var quantity: Int64?
    /// `product_id` (1702).
    public var productId: String?
    /// `transaction_id` (1703).
    public var transactionId: String?
    /// `original_transaction_id` (1705).
    public var originalTransactionId: String?
    /// `purchase_date` (1704).
    public var purchaseDate: Timestamp?
    /// `original_purchase_date` (1706).
    public var originalPurchaseDate: Timestamp?
    /// `expires_date` (1708): auto-renewable subscriptions only (Apple writes an empty string
    /// otherwise, decoded as `nil`).
    public var expiresDate: Timestamp?
    /// `web_order_line_item_id` (1711): identity of one paid subscription period (0 when none).
    public var webOrderLineItemId: Int64?
    /// `cancellation_date` (1712): set when Apple refunded or revoked the transaction.
    public var cancellationDate: Timestamp?
    /// `is_trial_period` (1713).
    public var isTrialPeriod: Bool?
    /// `is_in_intro_offer_period` (1719).
    public var isInIntroOfferPeriod: Bool?
    /// `promotional_offer_id` (1721).
    public var promotionalOfferId: String?
    /// Attributes this decoder does not map to a property, verbatim, in receipt order.
    public var unknownAttributes: [AppReceiptAttribute]

    public init(
        quantity: Int64? = nil,
        productId: String? = nil,
        transactionId: String? = nil,
        originalTransactionId: String? = nil,
        purchaseDate: Timestamp? = nil,
        originalPurchaseDate: Timestamp? = nil,
        expiresDate: Timestamp? = nil,
        webOrderLineItemId: Int64? = nil,
        cancellationDate: Timestamp? = nil,
        isTrialPeriod: Bool? = nil,
        isInIntroOfferPeriod: Bool? = nil,
        promotionalOfferId: String? = nil,
        unknownAttributes: [AppReceiptAttribute] = []
    ) {
        self.quantity = quantity
        self.productId = productId
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expiresDate = expiresDate
        self.webOrderLineItemId = webOrderLineItemId
        self.cancellationDate = cancellationDate
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.promotionalOfferId = promotionalOfferId
        self.unknownAttributes = unknownAttributes
    }
}

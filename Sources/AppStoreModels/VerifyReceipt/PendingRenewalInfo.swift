/// An element of `pending_renewal_info` (verifyReceipt response and `unified_receipt`): a scheduled
/// or failed renewal of one auto-renewable subscription.
public struct PendingRenewalInfo: Hashable, Sendable, Codable {
    /// The product identifier the subscription renews to.
    public var autoRenewProductId: String?
    /// Whether the subscription renews at the end of its period (`"1"`/`"0"`).
    public var autoRenewStatus: FlexibleBool?
    /// Why the subscription expired (see ``ExpirationIntent``); only for expired subscriptions.
    public var expirationIntent: FlexibleInt64?
    /// When the billing grace period ends, as Apple's formatted UTC date (`yyyy-MM-dd HH:mm:ss
    /// Etc/GMT`).
    public var gracePeriodExpiresDate: AppleFormattedDate?
    /// When the billing grace period ends, in milliseconds since 1970 (a string of digits); use
    /// this for processing.
    public var gracePeriodExpiresDateMs: FlexibleTimestamp?
    /// When the billing grace period ends, as Apple's formatted Pacific time (`...
    /// America/Los_Angeles`).
    public var gracePeriodExpiresDatePst: AppleFormattedDate?
    /// Whether Apple is still trying to renew the expired subscription (`"1"`) or stopped (`"0"`).
    public var isInBillingRetryPeriod: FlexibleBool?
    /// The reference name of the redeemed subscription offer code.
    public var offerCodeRefName: String?
    /// The transaction identifier of the original purchase.
    public var originalTransactionId: String?
    /// Whether the customer consented to a price increase that needs consent (`"1"`) or not yet
    /// (`"0"`).
    public var priceConsentStatus: FlexibleBool?
    /// Price increase state (see ``PriceIncreaseStatus``): `"0"` consent requested, not given;
    /// `"1"` consented or notified.
    public var priceIncreaseStatus: FlexibleInt64?
    /// The product identifier of the current subscription.
    public var productId: String?
    /// The identifier of the promotional offer the customer redeemed.
    public var promotionalOfferId: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        autoRenewProductId: String? = nil,
        autoRenewStatus: FlexibleBool? = nil,
        expirationIntent: FlexibleInt64? = nil,
        gracePeriodExpiresDate: AppleFormattedDate? = nil,
        gracePeriodExpiresDateMs: FlexibleTimestamp? = nil,
        gracePeriodExpiresDatePst: AppleFormattedDate? = nil,
        isInBillingRetryPeriod: FlexibleBool? = nil,
        offerCodeRefName: String? = nil,
        originalTransactionId: String? = nil,
        priceConsentStatus: FlexibleBool? = nil,
        priceIncreaseStatus: FlexibleInt64? = nil,
        productId: String? = nil,
        promotionalOfferId: String? = nil
    ) {
        self.autoRenewProductId = autoRenewProductId
        self.autoRenewStatus = autoRenewStatus
        self.expirationIntent = expirationIntent
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.gracePeriodExpiresDateMs = gracePeriodExpiresDateMs
        self.gracePeriodExpiresDatePst = gracePeriodExpiresDatePst
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.offerCodeRefName = offerCodeRefName
        self.originalTransactionId = originalTransactionId
        self.priceConsentStatus = priceConsentStatus
        self.priceIncreaseStatus = priceIncreaseStatus
        self.productId = productId
        self.promotionalOfferId = promotionalOfferId
    }

    enum CodingKeys: String, CodingKey {
        case autoRenewProductId = "auto_renew_product_id"
        case autoRenewStatus = "auto_renew_status"
        case expirationIntent = "expiration_intent"
        case gracePeriodExpiresDate = "grace_period_expires_date"
        case gracePeriodExpiresDateMs = "grace_period_expires_date_ms"
        case gracePeriodExpiresDatePst = "grace_period_expires_date_pst"
        case isInBillingRetryPeriod = "is_in_billing_retry_period"
        case offerCodeRefName = "offer_code_ref_name"
        case originalTransactionId = "original_transaction_id"
        case priceConsentStatus = "price_consent_status"
        case priceIncreaseStatus = "price_increase_status"
        case productId = "product_id"
        case promotionalOfferId = "promotional_offer_id"
    }

    /// `expiration_intent` as a typed reason.
    public var expirationIntentValue: ExpirationIntent? {
        expirationIntent.flatMap { Int32(exactly: $0.value) }.map(ExpirationIntent.init(rawValue:))
    }
    /// `price_increase_status` as a typed status.
    public var priceIncreaseStatusValue: PriceIncreaseStatus? {
        priceIncreaseStatus.flatMap { Int32(exactly: $0.value) }.map(PriceIncreaseStatus.init(rawValue:))
    }
    /// `auto_renew_status` as a typed status.
    public var autoRenewStatusValue: AutoRenewStatus? {
        autoRenewStatus.map { $0.value ? AutoRenewStatus.on : AutoRenewStatus.off }
    }
}

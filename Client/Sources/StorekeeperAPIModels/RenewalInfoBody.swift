/// A subscription's renewal information as Storekeeper recorded it: what happens at the next
/// renewal, and why a lapsed subscription lapsed. Times are milliseconds since 1970; the numeric
/// fields carry Apple's values.
public struct RenewalInfoBody: Codable, Sendable, Hashable {
    public var environment: String
    public var originalTransactionId: String
    /// The product of the current period.
    public var productId: String?
    /// The product that renews next (differs after a downgrade or crossgrade).
    public var autoRenewProductId: String?
    public var autoRenewEnabled: Bool
    public var expirationIntent: Int32?
    public var gracePeriodExpiresDate: Int64?
    public var isInBillingRetryPeriod: Bool
    public var priceIncreaseStatus: Int32?
    public var offerType: Int32?
    public var offerIdentifier: String?
    public var renewalDate: Int64?
    public var renewalPrice: Int64?
    public var currency: String?
    public var eligibleWinBackOfferIds: [String]
    public var signedDate: Int64
    /// What carried it: `storekit2`, `notification`, `notification_v1`, `server_api`, ...
    public var source: String

    public init(
        environment: String, originalTransactionId: String, productId: String? = nil, autoRenewProductId: String? = nil,
        autoRenewEnabled: Bool, expirationIntent: Int32? = nil, gracePeriodExpiresDate: Int64? = nil, isInBillingRetryPeriod: Bool,
        priceIncreaseStatus: Int32? = nil, offerType: Int32? = nil, offerIdentifier: String? = nil, renewalDate: Int64? = nil,
        renewalPrice: Int64? = nil, currency: String? = nil, eligibleWinBackOfferIds: [String], signedDate: Int64, source: String
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.autoRenewProductId = autoRenewProductId
        self.autoRenewEnabled = autoRenewEnabled
        self.expirationIntent = expirationIntent
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.priceIncreaseStatus = priceIncreaseStatus
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.renewalDate = renewalDate
        self.renewalPrice = renewalPrice
        self.currency = currency
        self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
        self.signedDate = signedDate
        self.source = source
    }
}

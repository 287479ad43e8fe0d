/// A subscription with its lifecycle, renewal preference, offers and price-increase state. Times
/// are milliseconds since 1970.
public struct AdminSubscription: Codable, Sendable, Hashable {
    public var environment: String
    public var originalTransactionId: String
    public var productId: String
    public var group: String?
    /// `trial`, `active`, `gracePeriod`, `billingRetry`, `expired`, `revoked`, ...
    public var phase: String
    public var expiresAt: Int64?
    /// Apple's `autoRenewStatus` (1 renews, 0 ends at `expiresAt`).
    public var autoRenewStatus: Int?
    /// The product the next renewal bills.
    public var autoRenewProductId: String?
    /// Why a lapsed subscription lapsed (Apple's `expirationIntent`).
    public var expirationIntent: Int32?
    public var isInBillingRetryPeriod: Bool?
    public var gracePeriodExpiresDate: Int64?
    /// `pending` (needs consent, none yet) or `accepted`; absent without an announced increase.
    public var priceIncrease: String?
    public var renewalPrice: Int64?
    public var renewalCurrency: String?
    /// When Apple extended the current period to, if it did.
    public var renewalExtendedUntil: Int64?
    /// An offer that applies from the next renewal.
    public var pendingOffer: OfferInfoBody?
    public var eligibleWinBackOfferIds: [String]
    /// Every paid period, oldest first: its transaction, dates, price, offer and revocation
    /// (the offer history and what Apple took back).
    public var periods: [PaidPeriodBody]
    /// The renewal info Storekeeper holds, as Apple signed it (latest).
    public var renewalInfo: RenewalInfoBody?
    /// Apple's `billingPlanType` of the current period: `MONTHLY` under a 12-month commitment.
    public var billingPlanType: String?
    /// The 12-month commitment the current period is billed under, if it is.
    public var commitment: CommitmentBody?

    public init(
        environment: String, originalTransactionId: String, productId: String, group: String? = nil, phase: String,
        expiresAt: Int64? = nil, autoRenewStatus: Int? = nil, autoRenewProductId: String? = nil, expirationIntent: Int32? = nil,
        isInBillingRetryPeriod: Bool? = nil, gracePeriodExpiresDate: Int64? = nil, priceIncrease: String? = nil,
        renewalPrice: Int64? = nil, renewalCurrency: String? = nil, renewalExtendedUntil: Int64? = nil, pendingOffer: OfferInfoBody? = nil,
        eligibleWinBackOfferIds: [String], periods: [PaidPeriodBody], renewalInfo: RenewalInfoBody? = nil,
        billingPlanType: String? = nil, commitment: CommitmentBody? = nil
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.group = group
        self.phase = phase
        self.expiresAt = expiresAt
        self.autoRenewStatus = autoRenewStatus
        self.autoRenewProductId = autoRenewProductId
        self.expirationIntent = expirationIntent
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.priceIncrease = priceIncrease
        self.renewalPrice = renewalPrice
        self.renewalCurrency = renewalCurrency
        self.renewalExtendedUntil = renewalExtendedUntil
        self.pendingOffer = pendingOffer
        self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
        self.periods = periods
        self.renewalInfo = renewalInfo
        self.billingPlanType = billingPlanType
        self.commitment = commitment
    }
}

public import AppStoreModels

/// What an app sees of a subscription, derived from ``SubscriptionState``'s registers alone (so
/// equal states always have equal views).
public struct SubscriptionView: Hashable, Sendable, Codable {
    public var phase: SubscriptionPhase
    /// Every paid period, in purchase order; the last one is the current period.
    public var periods: [PaidPeriod]
    /// The product of the current period (or, before any transaction is known, of the renewal info).
    public var productId: String?
    public var subscriptionGroupIdentifier: String?
    /// Whether the subscription renews at the end of the current period (nil: no renewal info yet).
    public var autoRenewEnabled: Bool?
    /// The product the subscription renews to.
    public var autoRenewProductId: String?
    public var priceIncrease: PriceIncreaseState?
    /// The price of the next renewal in milli-units of `renewalCurrency`, if Apple said.
    public var renewalPrice: Int64?
    public var renewalCurrency: String?
    /// An offer that applies from the next renewal (for example one redeemed with a downgrade).
    public var pendingOffer: OfferInfo?
    /// The renewal-date extension of the current period, if Apple extended it.
    public var renewalExtension: RenewalExtension?
    /// Win-back offers the customer can redeem, best first.
    public var eligibleWinBackOfferIds: [String]
    /// Spans of continuous access, in order; the last one is the latest.
    public var accessWindows: [AccessWindow]
    /// The 12-month commitment the current period is billed under, if it is.
    public var commitment: SubscriptionCommitment?

    public init(
        phase: SubscriptionPhase = .unknown, periods: [PaidPeriod] = [], productId: String? = nil,
        subscriptionGroupIdentifier: String? = nil, autoRenewEnabled: Bool? = nil, autoRenewProductId: String? = nil,
        priceIncrease: PriceIncreaseState? = nil, renewalPrice: Int64? = nil, renewalCurrency: String? = nil,
        pendingOffer: OfferInfo? = nil, renewalExtension: RenewalExtension? = nil,
        eligibleWinBackOfferIds: [String] = [], accessWindows: [AccessWindow] = [],
        commitment: SubscriptionCommitment? = nil
    ) {
        self.phase = phase
        self.periods = periods
        self.productId = productId
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.autoRenewEnabled = autoRenewEnabled
        self.autoRenewProductId = autoRenewProductId
        self.priceIncrease = priceIncrease
        self.renewalPrice = renewalPrice
        self.renewalCurrency = renewalCurrency
        self.pendingOffer = pendingOffer
        self.renewalExtension = renewalExtension
        self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
        self.accessWindows = accessWindows
        self.commitment = commitment
    }

    /// The latest period.
    public var currentPeriod: PaidPeriod? { periods.last }

    /// The latest span of access (policy-independent: billing retry adds nothing here).
    public var accessWindow: AccessWindow? { accessWindows.last }

    /// The product a downgrade or different-duration crossgrade switches to at the next renewal.
    public var pendingProductChange: String? {
        guard let autoRenewProductId, let productId, autoRenewProductId != productId else { return nil }
        return autoRenewProductId
    }

    /// When the current renewal extension moved the renewal date to.
    public var renewalExtendedUntil: Timestamp? { renewalExtension?.expiresDate }

    /// The grace period's end while in grace.
    public var gracePeriodExpiresDate: Timestamp? {
        if case .gracePeriod(let date) = phase { return date }
        return nil
    }
}

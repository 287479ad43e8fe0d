public import AppStoreModels

/// Something a subscription transition means for the app: computed as the difference between
/// the derived view before and after a fact, so a duplicate or stale fact yields none.
///
/// Within one transition the order is fixed: periods paid, revoked, restored; offers redeemed;
/// renewal extended; billing and expiry; phase; auto-renew; commitment renewal; renewal preference; price increase;
/// access; refresh.
public enum SubscriptionAction: Hashable, Sendable, Codable {
    /// A period (new `webOrderLineItemId`) appeared: tell the app's backend, record revenue.
    /// Emitted exactly once per period whatever the order of facts (a restore's new transaction
    /// ID for a known period emits nothing). Free trials are periods with price 0.
    case periodPaid(PaidPeriod)
    /// A period was refunded, revoked from Family Sharing, or replaced by an upgrade; access from
    /// it ends at `period.revocation.date`. Emitted again if Apple's word on it changes.
    case periodRevoked(PaidPeriod)
    /// A revoked period is valid again (`REFUND_REVERSED`).
    case periodRestored(PaidPeriod)
    /// The latest access window changed.
    case accessChanged(from: AccessWindow?, to: AccessWindow?)
    /// The phase changed.
    case phaseChanged(from: SubscriptionPhase, to: SubscriptionPhase)
    /// Auto-renew was turned on or off.
    case autoRenewChanged(enabled: Bool)
    /// The renewal of a 12-month commitment was turned off (the customer cancelled: billing goes
    /// on monthly and access lasts until the commitment ends) or on again.
    case commitmentRenewalChanged(enabled: Bool, commitmentExpiresDate: Timestamp?)
    /// The product changed, or a change was scheduled for (or removed from) the next renewal.
    case renewalPreferenceChanged(RenewalPreferenceChange)
    /// Billing failed (tell the customer to fix their payment method).
    case billingIssueStarted(gracePeriodExpiresDate: Timestamp?)
    /// A subscription with a billing issue renewed.
    case billingRecovered
    case gracePeriodStarted(expiresDate: Timestamp?)
    /// The grace period ended without a renewal; Apple may still retry.
    case gracePeriodExpired
    case expired(SubscriptionExpiryReason)
    /// A period was bought with an offer (per-customer tracking of offer codes, promotional,
    /// win-back and introductory offers); once per period.
    case offerRedeemed(offer: OfferInfo, period: PaidPeriod)
    case priceIncreasePending(renewalPrice: Int64?, currency: String?)
    case priceIncreaseAccepted(renewalPrice: Int64?, currency: String?)
    /// Apple extended the current period's renewal date (`RENEWAL_EXTENDED`).
    case renewalDateExtended(RenewalExtension)
    /// The facts cannot be trusted or completed alone: confirm with the App Store Server API.
    case refreshFromApple(RefreshRequest)
    /// Part of the fact was not applied.
    case factIgnored(IgnoredFactReason)
}

/// A change of product, now or at the next renewal.
public struct RenewalPreferenceChange: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A new period of another product replaced the current one at once (upgrade or
        /// same-duration crossgrade).
        case immediate
        /// A new period of another product followed the previous one (a scheduled downgrade or
        /// crossgrade took effect, or the customer resubscribed to another product).
        case nextPeriod
        /// A downgrade or different-duration crossgrade was scheduled for the next renewal.
        case scheduled
        /// A scheduled change was withdrawn.
        case scheduleCancelled
    }

    public var kind: Kind
    public var previousProductId: String?
    public var productId: String?
    public var previousAutoRenewProductId: String?
    public var autoRenewProductId: String?
    /// The subtype of the notification that carried the change (`UPGRADE`, `DOWNGRADE`, ...).
    public var notificationSubtype: NotificationSubtype?

    public init(
        kind: Kind, previousProductId: String?, productId: String?, previousAutoRenewProductId: String?,
        autoRenewProductId: String?, notificationSubtype: NotificationSubtype? = nil
    ) {
        self.kind = kind
        self.previousProductId = previousProductId
        self.productId = productId
        self.previousAutoRenewProductId = previousAutoRenewProductId
        self.autoRenewProductId = autoRenewProductId
        self.notificationSubtype = notificationSubtype
    }
}

/// Ask the App Store Server API for the truth about a subscription or a transaction.
public struct RefreshRequest: Hashable, Sendable, Codable {
    public enum Reason: String, Hashable, Sendable, Codable {
        /// The fact came unsigned (a V1 notification).
        case unsignedSource
        /// The current period was upgraded away but its replacement is not known.
        case replacementUnknown
        /// The subscription has no known transaction.
        case noTransaction
    }

    public var environment: AppStoreEnvironment
    public var originalTransactionId: String?
    /// For one-time purchases: the transaction to look up.
    public var transactionId: String?
    public var reason: Reason

    public init(
        environment: AppStoreEnvironment, originalTransactionId: String? = nil, transactionId: String? = nil,
        reason: Reason
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.transactionId = transactionId
        self.reason = reason
    }
}

/// Why (part of) a fact was not applied.
public enum IgnoredFactReason: Hashable, Sendable, Codable {
    /// The fact is about another subscription than the state.
    case identityMismatch
    /// This many records of the fact belong to other subscriptions.
    case foreignRecords(Int)
}

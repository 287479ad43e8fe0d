public import AppStoreModels
public import Foundation

/// One auto-renewable subscription: an account's membership of a subscription group, identified
/// by its original transaction ID, with everything that decides its next renewal.
public struct SimulatedSubscription: Hashable, Sendable, Codable {
    public enum Phase: String, Hashable, Sendable, Codable {
        case active
        case gracePeriod
        case billingRetry
        case expired
        case revoked
    }

    /// A price increase announced to this subscriber.
    public struct PriceIncrease: Hashable, Sendable, Codable {
        public var productId: String
        public var newPrice: Int64
        public var requiresConsent: Bool
        public var consented: Bool

        /// Whether the next renewal charges the new price.
        public var applies: Bool { consented || !requiresConsent }
    }

    /// An offer that applies from the next renewal (pay-as-you-go periods left, or an offer
    /// redeemed while already subscribed).
    public struct PendingOffer: Hashable, Sendable, Codable {
        public var offerType: OfferType
        public var offerId: String?
        public var offer: SubscriptionOfferConfig
        public var remainingPeriods: Int
    }

    public var originalTransactionId: String
    public var accountId: String
    public var bundleId: String
    public var groupId: String
    public var environment: AppStoreEnvironment
    public var storefront: String
    public var productId: String
    public var autoRenewProductId: String
    public var autoRenewEnabled: Bool
    public var phase: Phase
    public var latestTransactionId: String
    public var expiresDate: Timestamp
    public var expirationIntent: ExpirationIntent?
    public var gracePeriodExpiresDate: Timestamp?
    public var billingRetryEndsDate: Timestamp?
    public var priceIncrease: PriceIncrease?
    /// The price the next renewal charges when no offer applies; nil means the catalog price.
    public var renewalPriceOverride: Int64?
    public var pendingOffer: PendingOffer?
    public var appAccountToken: UUID?
    public var recentSubscriptionStartDate: Timestamp
    /// When renewal-date extensions were granted (at most two per 365 days).
    public var extensionDates: [Timestamp]
    /// Responses of renewal-date extensions by request identifier, so a repeated request is a no-op.
    public var extensionResponses: [String: ExtendRenewalDateResponse]
    public var ownership: InAppOwnershipType
    /// For a Family Sharing member or a group member with an assigned seat: the purchaser's
    /// original transaction ID.
    public var sharedFrom: String?
    /// For the purchaser of a multiseat subscription: its seats.
    public var seatGroup: SeatGroup? = nil
    /// The 12-month commitment of a subscription billed monthly.
    public var commitment: SimulatedCommitment? = nil

    public var isFamilyShared: Bool { ownership == .familyShared }
    /// A Family Sharing member's or an assigned group member's subscription: it follows the
    /// purchaser's and is never renewed, changed or cancelled on its own.
    public var followsPurchaser: Bool { ownership == .familyShared || ownership == .assigned }

    /// Apple's status of the subscription.
    public var status: SubscriptionStatus {
        switch phase {
        case .active: .active
        case .gracePeriod: .billingGracePeriod
        case .billingRetry: .billingRetry
        case .expired: .expired
        case .revoked: .revoked
        }
    }
}

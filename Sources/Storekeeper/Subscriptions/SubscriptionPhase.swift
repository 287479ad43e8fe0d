public import AppStoreModels

/// Where a subscription stands, as of the latest facts Apple gave (not as of "now": time-based
/// access is ``SubscriptionState/access(at:policy:)``).
public enum SubscriptionPhase: Hashable, Sendable, Codable {
    /// No transaction of the subscription is known yet.
    case unknown
    /// A free-trial introductory offer period.
    case trial
    /// A paid introductory offer period (pay as you go, or pay up front).
    case introOffer(OfferDiscountType?)
    /// A promotional offer period.
    case promotionalOffer(identifier: String?)
    /// An offer-code period.
    case offerCode(identifier: String?)
    /// A win-back offer period.
    case winBack(identifier: String?)
    /// A regular paid period.
    case active
    /// Billing failed; Apple retries and the customer keeps access until the grace period ends.
    case gracePeriod(expiresDate: Timestamp?)
    /// Billing failed; Apple still retries; no access unless the app's policy grants it.
    case billingRetry
    /// The subscription lapsed.
    case expired(SubscriptionExpiryReason)
    /// The current period was refunded or its Family Sharing revoked.
    case revoked(RevocationInfo)
    /// The current period was replaced immediately by a higher level (or same-duration
    /// crossgrade), whose transaction is not known yet.
    case upgraded(date: Timestamp)

    /// A stable name for queries and reports (`StoredSubscription.phase`).
    public var name: String {
        switch self {
        case .unknown: "unknown"
        case .trial: "trial"
        case .introOffer: "introOffer"
        case .promotionalOffer: "promotionalOffer"
        case .offerCode: "offerCode"
        case .winBack: "winBack"
        case .active: "active"
        case .gracePeriod: "gracePeriod"
        case .billingRetry: "billingRetry"
        case .expired: "expired"
        case .revoked: "revoked"
        case .upgraded: "upgraded"
        }
    }

    /// A period in good standing (regular or under an offer).
    public var isInGoodStanding: Bool {
        switch self {
        case .trial, .introOffer, .promotionalOffer, .offerCode, .winBack, .active: true
        default: false
        }
    }

    /// Billing failed and Apple is still retrying.
    public var hasBillingIssue: Bool {
        switch self {
        case .gracePeriod, .billingRetry: true
        default: false
        }
    }
}

/// Why a subscription expired.
public enum SubscriptionExpiryReason: String, Hashable, Sendable, Codable {
    /// The customer turned auto-renew off (`EXPIRED`/`VOLUNTARY`, intent 1).
    case voluntary
    /// Billing retry ended without a successful charge (`EXPIRED`/`BILLING_RETRY`, intent 2).
    case billingError
    /// The customer did not consent to a price increase (`EXPIRED`/`PRICE_INCREASE`, intent 3).
    case priceIncreaseNotConsented
    /// The product was not for sale at renewal (`EXPIRED`/`PRODUCT_NOT_FOR_SALE`, intent 4).
    case productNotForSale
    /// Another or an unknown reason (intent 5, no subtype, or nothing said).
    case unknown

    public init(_ intent: ExpirationIntent?) {
        switch intent {
        case .customerCancelled?: self = .voluntary
        case .billingError?: self = .billingError
        case .didNotConsentToPriceIncrease?: self = .priceIncreaseNotConsented
        case .productNotAvailable?: self = .productNotForSale
        default: self = .unknown
        }
    }

    /// The reason an `EXPIRED` subtype states, if it states one.
    public init?(_ subtype: NotificationSubtype?) {
        switch subtype {
        case .voluntary?: self = .voluntary
        case .billingRetry?: self = .billingError
        case .priceIncrease?: self = .priceIncreaseNotConsented
        case .productNotForSale?: self = .productNotForSale
        default: return nil
        }
    }
}

/// A price increase announced for the next renewal.
public enum PriceIncreaseState: String, Hashable, Sendable, Codable {
    /// The increase needs consent and the customer has not responded (`PRICE_INCREASE`/`PENDING`).
    case pending
    /// The customer consented, or was notified of an increase that needs no consent
    /// (`PRICE_INCREASE`/`ACCEPTED`).
    case accepted
}

/// Details that qualify some V2 notification types (`subtype`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct NotificationSubtype: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// PRICE_INCREASE: the customer consented to (or was notified of) the price increase.
    public static let accepted = NotificationSubtype(rawValue: "ACCEPTED")
    /// EXTERNAL_PURCHASE_TOKEN: monthly reminder that a custom link token is still active.
    public static let activeTokenReminder = NotificationSubtype(rawValue: "ACTIVE_TOKEN_REMINDER")
    /// DID_CHANGE_RENEWAL_STATUS: auto-renew was turned off.
    public static let autoRenewDisabled = NotificationSubtype(rawValue: "AUTO_RENEW_DISABLED")
    /// DID_CHANGE_RENEWAL_STATUS: auto-renew was turned on.
    public static let autoRenewEnabled = NotificationSubtype(rawValue: "AUTO_RENEW_ENABLED")
    /// DID_RENEW: an expired subscription that failed to renew has renewed.
    public static let billingRecovery = NotificationSubtype(rawValue: "BILLING_RECOVERY")
    /// EXPIRED: billing retry ended without a successful charge.
    public static let billingRetry = NotificationSubtype(rawValue: "BILLING_RETRY")
    /// EXTERNAL_PURCHASE_TOKEN: Apple created a custom link token.
    public static let created = NotificationSubtype(rawValue: "CREATED")
    /// DID_CHANGE_RENEWAL_PREF / OFFER_REDEEMED: downgrade or different-duration crossgrade,
    /// effective at next renewal.
    public static let downgrade = NotificationSubtype(rawValue: "DOWNGRADE")
    /// The group purchaser lowered the number of seats that renew (effective at the next renewal;
    /// see `renewalQuantity`).
    public static let decreaseQuantity = NotificationSubtype(rawValue: "DECREASE_QUANTITY")
    /// The group purchaser raised the number of seats (added seats take effect at once; see
    /// `renewalQuantity`).
    public static let increaseQuantity = NotificationSubtype(rawValue: "INCREASE_QUANTITY")
    /// REFUND: a seat-based refund revoked some seats of a multiseat transaction
    /// (`revokedSeatQuantity`); the transaction stays valid for the rest.
    public static let seats = NotificationSubtype(rawValue: "SEATS")
    /// RENEWAL_EXTENSION: the extension failed for one subscription (see `data`).
    public static let failure = NotificationSubtype(rawValue: "FAILURE")
    /// DID_FAIL_TO_RENEW: keep providing service through the billing grace period.
    public static let gracePeriod = NotificationSubtype(rawValue: "GRACE_PERIOD")
    /// SUBSCRIBED: first purchase (or first Family Sharing access) in the subscription group.
    public static let initialBuy = NotificationSubtype(rawValue: "INITIAL_BUY")
    /// PRICE_INCREASE: the customer has not yet responded to a price increase that needs consent.
    public static let pending = NotificationSubtype(rawValue: "PENDING")
    /// EXPIRED: the customer did not consent to a price increase.
    public static let priceIncrease = NotificationSubtype(rawValue: "PRICE_INCREASE")
    /// EXPIRED: the product was not for sale when the subscription tried to renew.
    public static let productNotForSale = NotificationSubtype(rawValue: "PRODUCT_NOT_FOR_SALE")
    /// SUBSCRIBED: resubscribed (or regained Family Sharing access) within the same group.
    public static let resubscribe = NotificationSubtype(rawValue: "RESUBSCRIBE")
    /// RENEWAL_EXTENSION: the extension for all eligible subscribers completed (see `summary`).
    public static let summary = NotificationSubtype(rawValue: "SUMMARY")
    /// EXTERNAL_PURCHASE_TOKEN: Apple created a token but received no report for it.
    public static let unreported = NotificationSubtype(rawValue: "UNREPORTED")
    /// DID_CHANGE_RENEWAL_PREF / OFFER_REDEEMED: upgrade or same-duration crossgrade, effective
    /// immediately.
    public static let upgrade = NotificationSubtype(rawValue: "UPGRADE")
    /// EXPIRED: the subscription expired after the customer turned auto-renew off.
    public static let voluntary = NotificationSubtype(rawValue: "VOLUNTARY")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [NotificationSubtype] = [
        .accepted,
        .activeTokenReminder,
        .autoRenewDisabled,
        .autoRenewEnabled,
        .billingRecovery,
        .billingRetry,
        .created,
        .decreaseQuantity,
        .downgrade,
        .failure,
        .gracePeriod,
        .increaseQuantity,
        .initialBuy,
        .pending,
        .priceIncrease,
        .productNotForSale,
        .resubscribe,
        .seats,
        .summary,
        .unreported,
        .upgrade,
        .voluntary,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

/// The event a version 1 (JSON) server notification reports (`notification_type`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct NotificationTypeV1: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Apple Support refunded an auto-renewable subscription (see `cancellation_date`), or the
    /// customer upgraded it.
    public static let cancel = NotificationTypeV1(rawValue: "CANCEL")
    /// The customer asked for a refund of a consumable; the App Store wants consumption data.
    public static let consumptionRequest = NotificationTypeV1(rawValue: "CONSUMPTION_REQUEST")
    /// The customer changed the plan that takes effect at the next renewal.
    public static let didChangeRenewalPref = NotificationTypeV1(rawValue: "DID_CHANGE_RENEWAL_PREF")
    /// The subscription renewal status changed; see `auto_renew_status` and
    /// `auto_renew_status_change_date_ms`.
    public static let didChangeRenewalStatus = NotificationTypeV1(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    /// The subscription failed to renew for a billing issue; see `is_in_billing_retry_period` and
    /// `grace_period_expires_date`.
    public static let didFailToRenew = NotificationTypeV1(rawValue: "DID_FAIL_TO_RENEW")
    /// An expired subscription that failed to renew was renewed successfully.
    public static let didRecover = NotificationTypeV1(rawValue: "DID_RECOVER")
    /// The subscription auto-renewed for a new period.
    public static let didRenew = NotificationTypeV1(rawValue: "DID_RENEW")
    /// The customer bought the subscription for the first time.
    public static let initialBuy = NotificationTypeV1(rawValue: "INITIAL_BUY")
    /// The customer renewed interactively (in your app or the App Store account settings).
    public static let interactiveRenewal = NotificationTypeV1(rawValue: "INTERACTIVE_RENEWAL")
    /// The App Store started asking the customer to consent to a price increase.
    public static let priceIncreaseConsent = NotificationTypeV1(rawValue: "PRICE_INCREASE_CONSENT")
    /// The App Store refunded a consumable, non-consumable, or non-renewing subscription.
    public static let refund = NotificationTypeV1(rawValue: "REFUND")
    /// A purchase shared through Family Sharing is no longer available to the family member.
    public static let revoke = NotificationTypeV1(rawValue: "REVOKE")
    /// Deprecated (no longer sent since 10 March 2021): an expired subscription recovered; use
    /// DID_RECOVER.
    public static let renewal = NotificationTypeV1(rawValue: "RENEWAL")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [NotificationTypeV1] = [
        .cancel,
        .consumptionRequest,
        .didChangeRenewalPref,
        .didChangeRenewalStatus,
        .didFailToRenew,
        .didRecover,
        .didRenew,
        .initialBuy,
        .interactiveRenewal,
        .priceIncreaseConsent,
        .refund,
        .revoke,
        .renewal,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

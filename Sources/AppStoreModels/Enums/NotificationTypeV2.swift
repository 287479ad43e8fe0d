/// The event an App Store Server Notifications V2 notification reports (`notificationType`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
///
/// Apple spells one type two ways: the notification type list and the server libraries say
/// `MIGRATION`, the notifications changelog says `MIGRATE`. Both are the same type here — equal,
/// with one hash — so every `switch`, set and dictionary that interprets a type treats them alike,
/// while `rawValue` keeps the spelling Apple sent.
public struct NotificationTypeV2: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer asked for a refund of a consumable or auto-renewable subscription; answer with
    /// Send Consumption Information.
    public static let consumptionRequest = NotificationTypeV2(rawValue: "CONSUMPTION_REQUEST")
    /// The customer changed their subscription plan (subtype UPGRADE, DOWNGRADE, or none when a
    /// downgrade is cancelled).
    public static let didChangeRenewalPref = NotificationTypeV2(rawValue: "DID_CHANGE_RENEWAL_PREF")
    /// The customer (or the App Store after a refund request) turned auto-renew on or off.
    public static let didChangeRenewalStatus = NotificationTypeV2(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    /// The subscription failed to renew for a billing issue and entered billing retry (subtype
    /// GRACE_PERIOD if grace period applies).
    public static let didFailToRenew = NotificationTypeV2(rawValue: "DID_FAIL_TO_RENEW")
    /// The subscription renewed (subtype BILLING_RECOVERY when an expired subscription recovered).
    public static let didRenew = NotificationTypeV2(rawValue: "DID_RENEW")
    /// The subscription expired (subtype VOLUNTARY, BILLING_RETRY, PRICE_INCREASE,
    /// PRODUCT_NOT_FOR_SALE, or none).
    public static let expired = NotificationTypeV2(rawValue: "EXPIRED")
    /// Apple created an external purchase token (subtypes UNREPORTED, CREATED,
    /// ACTIVE_TOKEN_REMINDER); External Purchase apps only.
    public static let externalPurchaseToken = NotificationTypeV2(rawValue: "EXTERNAL_PURCHASE_TOKEN")
    /// The billing grace period ended without a renewal; stop providing service.
    public static let gracePeriodExpired = NotificationTypeV2(rawValue: "GRACE_PERIOD_EXPIRED")
    /// You changed a subscription's metadata with the Advanced Commerce API.
    public static let metadataUpdate = NotificationTypeV2(rawValue: "METADATA_UPDATE")
    /// You migrated a subscription to the Advanced Commerce API.
    public static let migration = NotificationTypeV2(rawValue: "MIGRATION")
    /// `MIGRATION` as Apple's notifications changelog spells it; equal to ``migration``.
    public static let migrate = NotificationTypeV2(rawValue: "MIGRATE")
    /// A customer with an active subscription redeemed a subscription offer (subtype UPGRADE,
    /// DOWNGRADE, or none).
    public static let offerRedeemed = NotificationTypeV2(rawValue: "OFFER_REDEEMED")
    /// The customer bought a consumable, non-consumable, or non-renewing subscription, or got a
    /// non-consumable through Family Sharing.
    public static let oneTimeCharge = NotificationTypeV2(rawValue: "ONE_TIME_CHARGE")
    /// You changed a subscription price with the Advanced Commerce API.
    public static let priceChange = NotificationTypeV2(rawValue: "PRICE_CHANGE")
    /// The customer was told of a subscription price increase (subtype PENDING or ACCEPTED).
    public static let priceIncrease = NotificationTypeV2(rawValue: "PRICE_INCREASE")
    /// The App Store refunded a transaction; see revocationDate and revocationReason.
    public static let refund = NotificationTypeV2(rawValue: "REFUND")
    /// The App Store declined a refund request.
    public static let refundDeclined = NotificationTypeV2(rawValue: "REFUND_DECLINED")
    /// The App Store reversed a refund after a dispute; reinstate what the refund revoked.
    public static let refundReversed = NotificationTypeV2(rawValue: "REFUND_REVERSED")
    /// The App Store extended one subscription's renewal date at your request.
    public static let renewalExtended = NotificationTypeV2(rawValue: "RENEWAL_EXTENDED")
    /// Progress of a renewal-date extension for all active subscribers (subtype SUMMARY or
    /// FAILURE).
    public static let renewalExtension = NotificationTypeV2(rawValue: "RENEWAL_EXTENSION")
    /// A parent or guardian withdrew consent for a child's use of the app; the payload carries
    /// `appData`.
    public static let rescindConsent = NotificationTypeV2(rawValue: "RESCIND_CONSENT")
    /// A purchase the customer had through Family Sharing is no longer shared with them.
    public static let revoke = NotificationTypeV2(rawValue: "REVOKE")
    /// The customer subscribed (subtype INITIAL_BUY or RESUBSCRIBE).
    public static let subscribed = NotificationTypeV2(rawValue: "SUBSCRIBED")
    /// The App Store unclaimed seats of a group subscription with developer-hosted invitations;
    /// the payload carries `unclaimInfo` naming the seat claims: revoke those members' access.
    public static let unclaimSeats = NotificationTypeV2(rawValue: "UNCLAIM_SEATS")
    /// A notification you requested with Request a Test Notification.
    public static let test = NotificationTypeV2(rawValue: "TEST")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [NotificationTypeV2] = [
        .consumptionRequest,
        .didChangeRenewalPref,
        .didChangeRenewalStatus,
        .didFailToRenew,
        .didRenew,
        .expired,
        .externalPurchaseToken,
        .gracePeriodExpired,
        .metadataUpdate,
        .migration,
        .offerRedeemed,
        .oneTimeCharge,
        .priceChange,
        .priceIncrease,
        .refund,
        .refundDeclined,
        .refundReversed,
        .renewalExtended,
        .renewalExtension,
        .rescindConsent,
        .revoke,
        .subscribed,
        .test,
        .unclaimSeats,
    ]

    /// The type under the spelling listed in ``knownValues`` (`MIGRATE` is `MIGRATION`, the only
    /// other spelling Apple uses); any other value as it is. One string comparison: `==` and
    /// `hash` canonicalize both sides, and every `switch` over a type compares case after case.
    public var canonical: NotificationTypeV2 {
        rawValue == Self.migrate.rawValue ? .migration : self
    }

    public static func == (lhs: NotificationTypeV2, rhs: NotificationTypeV2) -> Bool {
        lhs.canonical.rawValue == rhs.canonical.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonical.rawValue)
    }

    /// The raw value as text.
    public var description: String { rawValue }
}

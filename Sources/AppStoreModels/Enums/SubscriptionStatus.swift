/// The status of an auto-renewable subscription (Apple's `status`, an int32).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct SubscriptionStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The subscription is active.
    public static let active = SubscriptionStatus(rawValue: 1)
    /// The subscription expired.
    public static let expired = SubscriptionStatus(rawValue: 2)
    /// The subscription is in the billing retry period.
    public static let billingRetry = SubscriptionStatus(rawValue: 3)
    /// The subscription is in the billing grace period.
    public static let billingGracePeriod = SubscriptionStatus(rawValue: 4)
    /// The subscription was revoked (for example refunded or removed from Family Sharing).
    public static let revoked = SubscriptionStatus(rawValue: 5)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [SubscriptionStatus] = [
        .active,
        .expired,
        .billingRetry,
        .billingGracePeriod,
        .revoked,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

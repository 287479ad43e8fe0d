public import AppStoreModels

/// The Summary Sales Report's `Subscription` column: whether an auto-renewable subscription row
/// counts new subscriptions or renewals.
///
/// An open enumeration: values Apple adds later are kept in `rawValue`.
public struct SalesSubscriptionKind: OpenEnumeration {
    /// The value exactly as the report prints it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A new subscription.
    public static let new = SalesSubscriptionKind(rawValue: "New")
    /// A renewal.
    public static let renewal = SalesSubscriptionKind(rawValue: "Renewal")

    /// Every value documented when this type was written.
    public static let knownValues: [SalesSubscriptionKind] = [.new, .renewal]

    /// The raw value as text.
    public var description: String { rawValue }
}

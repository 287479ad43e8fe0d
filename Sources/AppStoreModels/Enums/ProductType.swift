/// The type of an In-App Purchase (the `type` field of a signed transaction).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct ProductType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An auto-renewable subscription.
    public static let autoRenewableSubscription = ProductType(rawValue: "Auto-Renewable Subscription")
    /// A non-consumable In-App Purchase.
    public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
    /// A consumable In-App Purchase.
    public static let consumable = ProductType(rawValue: "Consumable")
    /// A non-renewing subscription.
    public static let nonRenewingSubscription = ProductType(rawValue: "Non-Renewing Subscription")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [ProductType] = [
        .autoRenewableSubscription,
        .nonConsumable,
        .consumable,
        .nonRenewingSubscription,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

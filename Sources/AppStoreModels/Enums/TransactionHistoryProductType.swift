/// A product type filter of Get Transaction History (`productType` query parameter).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct TransactionHistoryProductType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Auto-renewable subscriptions.
    public static let autoRenewable = TransactionHistoryProductType(rawValue: "AUTO_RENEWABLE")
    /// Non-renewing subscriptions.
    public static let nonRenewable = TransactionHistoryProductType(rawValue: "NON_RENEWABLE")
    /// Consumables.
    public static let consumable = TransactionHistoryProductType(rawValue: "CONSUMABLE")
    /// Non-consumables.
    public static let nonConsumable = TransactionHistoryProductType(rawValue: "NON_CONSUMABLE")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [TransactionHistoryProductType] = [
        .autoRenewable,
        .nonRenewable,
        .consumable,
        .nonConsumable,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

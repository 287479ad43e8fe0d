/// Whether a transaction is a customer purchase or a system-initiated renewal (`transactionReason`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct TransactionReason: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer initiated the purchase (including an upgrade or Family Sharing access).
    public static let purchase = TransactionReason(rawValue: "PURCHASE")
    /// The App Store renewed an auto-renewable subscription automatically.
    public static let renewal = TransactionReason(rawValue: "RENEWAL")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [TransactionReason] = [
        .purchase,
        .renewal,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

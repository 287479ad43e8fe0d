/// Whether an order ID from a customer's invoice is valid (`status` of OrderLookupResponse).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct OrderLookupStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The order ID is valid and has transactions.
    public static let valid = OrderLookupStatus(rawValue: 0)
    /// The order ID is invalid.
    public static let invalid = OrderLookupStatus(rawValue: 1)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [OrderLookupStatus] = [
        .valid,
        .invalid,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

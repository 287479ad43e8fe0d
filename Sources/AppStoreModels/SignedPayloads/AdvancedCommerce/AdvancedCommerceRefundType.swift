/// The kind of an Advanced Commerce API refund.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AdvancedCommerceRefundType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A full refund.
    public static let full = AdvancedCommerceRefundType(rawValue: "FULL")
    /// A prorated refund.
    public static let prorated = AdvancedCommerceRefundType(rawValue: "PRORATED")
    /// A custom amount.
    public static let custom = AdvancedCommerceRefundType(rawValue: "CUSTOM")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [AdvancedCommerceRefundType] = [
        .full,
        .prorated,
        .custom,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

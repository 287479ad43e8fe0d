/// Your preferred outcome for a refund request (`refundPreference` of the current Send Consumption Information body).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct RefundPreference: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// You prefer that Apple declines the refund.
    public static let decline = RefundPreference(rawValue: "DECLINE")
    /// You prefer that Apple grants a full refund.
    public static let grantFull = RefundPreference(rawValue: "GRANT_FULL")
    /// You prefer that Apple grants a prorated refund.
    public static let grantProrated = RefundPreference(rawValue: "GRANT_PRORATED")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [RefundPreference] = [
        .decline,
        .grantFull,
        .grantProrated,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

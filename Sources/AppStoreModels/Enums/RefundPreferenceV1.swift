/// Your preferred outcome for a refund request (`refundPreference` of ConsumptionRequestV1, an int32).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct RefundPreferenceV1: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared.
    public static let undeclared = RefundPreferenceV1(rawValue: 0)
    /// You prefer that Apple grants the refund.
    public static let preferGrant = RefundPreferenceV1(rawValue: 1)
    /// You prefer that Apple declines the refund.
    public static let preferDecline = RefundPreferenceV1(rawValue: 2)
    /// No preference.
    public static let noPreference = RefundPreferenceV1(rawValue: 3)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [RefundPreferenceV1] = [
        .undeclared,
        .preferGrant,
        .preferDecline,
        .noPreference,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

/// Why you extend a subscription renewal date (`extendReasonCode`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct ExtendReasonCode: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared.
    public static let undeclared = ExtendReasonCode(rawValue: 0)
    /// For customer satisfaction.
    public static let customerSatisfaction = ExtendReasonCode(rawValue: 1)
    /// Another reason.
    public static let other = ExtendReasonCode(rawValue: 2)
    /// Because of a service issue or outage.
    public static let serviceIssueOrOutage = ExtendReasonCode(rawValue: 3)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [ExtendReasonCode] = [
        .undeclared,
        .customerSatisfaction,
        .other,
        .serviceIssueOrOutage,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

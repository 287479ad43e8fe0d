/// How much of an In-App Purchase the customer consumed (`consumptionStatus`, Send Consumption Information V1).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct ConsumptionStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared.
    public static let undeclared = ConsumptionStatus(rawValue: 0)
    /// Not consumed.
    public static let notConsumed = ConsumptionStatus(rawValue: 1)
    /// Partially consumed.
    public static let partiallyConsumed = ConsumptionStatus(rawValue: 2)
    /// Fully consumed.
    public static let fullyConsumed = ConsumptionStatus(rawValue: 3)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [ConsumptionStatus] = [
        .undeclared,
        .notConsumed,
        .partiallyConsumed,
        .fullyConsumed,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

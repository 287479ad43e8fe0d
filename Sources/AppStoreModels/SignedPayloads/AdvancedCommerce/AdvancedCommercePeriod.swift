/// The duration of one cycle of an Advanced Commerce API subscription (ISO 8601 duration).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AdvancedCommercePeriod: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// One week.
    public static let oneWeek = AdvancedCommercePeriod(rawValue: "P1W")
    /// One month.
    public static let oneMonth = AdvancedCommercePeriod(rawValue: "P1M")
    /// Two months.
    public static let twoMonths = AdvancedCommercePeriod(rawValue: "P2M")
    /// Three months.
    public static let threeMonths = AdvancedCommercePeriod(rawValue: "P3M")
    /// Six months.
    public static let sixMonths = AdvancedCommercePeriod(rawValue: "P6M")
    /// One year.
    public static let oneYear = AdvancedCommercePeriod(rawValue: "P1Y")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [AdvancedCommercePeriod] = [
        .oneWeek,
        .oneMonth,
        .twoMonths,
        .threeMonths,
        .sixMonths,
        .oneYear,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

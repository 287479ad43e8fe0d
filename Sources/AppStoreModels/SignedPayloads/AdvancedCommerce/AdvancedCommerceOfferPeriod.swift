/// The period of an Advanced Commerce API offer (ISO 8601 duration).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AdvancedCommerceOfferPeriod: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Three days.
    public static let threeDays = AdvancedCommerceOfferPeriod(rawValue: "P3D")
    /// One week.
    public static let oneWeek = AdvancedCommerceOfferPeriod(rawValue: "P1W")
    /// Two weeks.
    public static let twoWeeks = AdvancedCommerceOfferPeriod(rawValue: "P2W")
    /// One month.
    public static let oneMonth = AdvancedCommerceOfferPeriod(rawValue: "P1M")
    /// Two months.
    public static let twoMonths = AdvancedCommerceOfferPeriod(rawValue: "P2M")
    /// Three months.
    public static let threeMonths = AdvancedCommerceOfferPeriod(rawValue: "P3M")
    /// Six months.
    public static let sixMonths = AdvancedCommerceOfferPeriod(rawValue: "P6M")
    /// Nine months.
    public static let nineMonths = AdvancedCommerceOfferPeriod(rawValue: "P9M")
    /// One year.
    public static let oneYear = AdvancedCommerceOfferPeriod(rawValue: "P1Y")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [AdvancedCommerceOfferPeriod] = [
        .threeDays,
        .oneWeek,
        .twoWeeks,
        .oneMonth,
        .twoMonths,
        .threeMonths,
        .sixMonths,
        .nineMonths,
        .oneYear,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

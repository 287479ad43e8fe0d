/// How long the customer used the app (`playTime`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct PlayTime: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared.
    public static let undeclared = PlayTime(rawValue: 0)
    /// 0 to 5 minutes.
    public static let zeroToFiveMinutes = PlayTime(rawValue: 1)
    /// 5 to 60 minutes.
    public static let fiveToSixtyMinutes = PlayTime(rawValue: 2)
    /// 1 to 6 hours.
    public static let oneToSixHours = PlayTime(rawValue: 3)
    /// 6 to 24 hours.
    public static let sixHoursToTwentyFourHours = PlayTime(rawValue: 4)
    /// 1 to 4 days.
    public static let oneDayToFourDays = PlayTime(rawValue: 5)
    /// 4 to 16 days.
    public static let fourDaysToSixteenDays = PlayTime(rawValue: 6)
    /// More than 16 days.
    public static let overSixteenDays = PlayTime(rawValue: 7)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [PlayTime] = [
        .undeclared,
        .zeroToFiveMinutes,
        .fiveToSixtyMinutes,
        .oneToSixHours,
        .sixHoursToTwentyFourHours,
        .oneDayToFourDays,
        .fourDaysToSixteenDays,
        .overSixteenDays,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

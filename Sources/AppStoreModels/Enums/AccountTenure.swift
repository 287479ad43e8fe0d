/// The age of the customer's account (`accountTenure`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AccountTenure: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared.
    public static let undeclared = AccountTenure(rawValue: 0)
    /// 0 to 3 days.
    public static let zeroToThreeDays = AccountTenure(rawValue: 1)
    /// 3 to 10 days.
    public static let threeDaysToTenDays = AccountTenure(rawValue: 2)
    /// 10 to 30 days.
    public static let tenDaysToThirtyDays = AccountTenure(rawValue: 3)
    /// 30 to 90 days.
    public static let thirtyDaysToNinetyDays = AccountTenure(rawValue: 4)
    /// 90 to 180 days.
    public static let ninetyDaysToOneHundredEightyDays = AccountTenure(rawValue: 5)
    /// 180 to 365 days.
    public static let oneHundredEightyDaysToThreeHundredSixtyFiveDays = AccountTenure(rawValue: 6)
    /// More than 365 days.
    public static let greaterThanThreeHundredSixtyFiveDays = AccountTenure(rawValue: 7)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [AccountTenure] = [
        .undeclared,
        .zeroToThreeDays,
        .threeDaysToTenDays,
        .tenDaysToThirtyDays,
        .thirtyDaysToNinetyDays,
        .ninetyDaysToOneHundredEightyDays,
        .oneHundredEightyDaysToThreeHundredSixtyFiveDays,
        .greaterThanThreeHundredSixtyFiveDays,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

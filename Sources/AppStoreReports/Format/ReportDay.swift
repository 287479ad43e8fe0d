/// A calendar day as Apple's reports print it (no time zone: Sales and Trends days are Pacific
/// days, finance dates are Apple's fiscal calendar days).
public struct ReportDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31 (valid for the month).
    public let day: Int

    /// A day, or nil when it does not exist in the proleptic Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `MM/DD/YYYY` (the Sales and Trends and financial reports' notation) or, as some
    /// report versions print, `YYYY-MM-DD`. Returns nil for anything else.
    public init?(reportText text: Substring) {
        let slash = text.split(separator: "/", omittingEmptySubsequences: false)
        if slash.count == 3, slash[0].count <= 2, slash[1].count <= 2, slash[2].count == 4,
            let month = Self.number(slash[0]), let day = Self.number(slash[1]), let year = Self.number(slash[2])
        {
            self.init(year: year, month: month, day: day)
            return
        }
        let dash = text.split(separator: "-", omittingEmptySubsequences: false)
        if dash.count == 3, dash[0].count == 4, dash[1].count == 2, dash[2].count == 2,
            let year = Self.number(dash[0]), let month = Self.number(dash[1]), let day = Self.number(dash[2])
        {
            self.init(year: year, month: month, day: day)
            return
        }
        return nil
    }

    /// `MM/DD/YYYY`, as Apple writes it.
    public var appleFormatted: String {
        Self.pad(month, 2) + "/" + Self.pad(day, 2) + "/" + Self.pad(year, 4)
    }

    /// `YYYY-MM-DD`, as the API's `filter[reportDate]` takes a daily report's day.
    public var isoFormatted: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    public var description: String { isoFormatted }

    public static func < (lhs: ReportDay, rhs: ReportDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days in `month` of `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

import Foundation

/// A month of Apple's fiscal calendar, the period of a financial report (FINANCE_DETAIL), named
/// like the calendar month it mostly covers (`2026-10` is fiscal October 2026).
///
/// Apple's fiscal year ends on the last Saturday of September and is made of whole weeks,
/// Sunday to Saturday. Each quarter's months last 5, 4 and 4 weeks (October, November, December;
/// January, February, March; …). A 53-week year gives its extra week to December. So fiscal
/// October 2026 runs from Sunday 2026-09-27 to Saturday 2026-10-31, and a sale on 2026-09-28 is
/// paid with October's report while the calendar and Sales and Trends count it in September.
public struct AppleFiscalMonth: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// The calendar year and month the fiscal month is named after.
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1971...9997).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses `YYYY-MM`.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        self.init(year: year, month: month)
    }

    /// The fiscal month `day` belongs to; nil outside the years 1971–9997.
    public init?(containing day: PacificDay) {
        guard let named = AppleFiscalMonth(year: day.year, month: day.month) else { return nil }
        if day < named.first {
            self = named.previous
        } else if day > named.last {
            self = named.next
        } else {
            self = named
        }
    }

    /// The first day (a Sunday).
    public var first: PacificDay {
        let yearStart = Self.fiscalYearEnd(fiscalYear - 1).adding(days: 1)
        let weeks = Self.weeks(fiscalYear: fiscalYear)
        return yearStart.adding(days: 7 * weeks[..<fiscalIndex].reduce(0, +))
    }

    /// The last day (a Saturday).
    public var last: PacificDay {
        first.adding(days: 7 * Self.weeks(fiscalYear: fiscalYear)[fiscalIndex] - 1)
    }

    /// Every day of the month, in order.
    public var days: [PacificDay] {
        let first = first
        return (0..<(7 * Self.weeks(fiscalYear: fiscalYear)[fiscalIndex])).map { first.adding(days: $0) }
    }

    public var previous: AppleFiscalMonth {
        month == 1 ? AppleFiscalMonth(year: year - 1, month: 12) ?? self : AppleFiscalMonth(year: year, month: month - 1) ?? self
    }

    public var next: AppleFiscalMonth {
        month == 12 ? AppleFiscalMonth(year: year + 1, month: 1) ?? self : AppleFiscalMonth(year: year, month: month + 1) ?? self
    }

    /// `YYYY-MM`, the financial reports' `filter[reportDate]`.
    public var description: String { "\(year.zeroPadded(4))-\(month.zeroPadded(2))" }

    public static func < (lhs: AppleFiscalMonth, rhs: AppleFiscalMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let month = AppleFiscalMonth(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM month"))
        }
        self = month
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The fiscal year (named after the calendar year it ends in: October 2026 is in 2027).
    var fiscalYear: Int { month >= 10 ? year + 1 : year }

    /// The month's place in its fiscal year: October 0 … September 11.
    var fiscalIndex: Int { (month + 2) % 12 }

    /// The last day of fiscal year `year`: the last Saturday of September (years 1970–9998,
    /// which the initializers keep to).
    static func fiscalYearEnd(_ year: Int) -> PacificDay {
        let september30 = PacificDay(containing: PacificDay.noonInstant(year, 9, 30))
        // Gregorian weekday: 1 Sunday … 7 Saturday, so `weekday % 7` days back is a Saturday.
        let weekday = PacificDay.calendar.component(.weekday, from: september30.start.date)
        return september30.adding(days: -(weekday % 7))
    }

    /// The weeks of each month of fiscal year `year`, October first.
    static func weeks(fiscalYear year: Int) -> [Int] {
        let days =
            PacificDay.calendar.dateComponents(
                [.day], from: fiscalYearEnd(year - 1).start.date, to: fiscalYearEnd(year).start.date
            ).day ?? 364
        var weeks = [5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4]
        if days / 7 == 53 { weeks[2] += 1 }
        return weeks
    }
}

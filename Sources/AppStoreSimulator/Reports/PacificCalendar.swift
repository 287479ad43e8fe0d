import AppStoreModels
import AppStoreReports
import Foundation

/// Sales and Trends days are Pacific days (`America/Los_Angeles`, daylight saving included):
/// which day an instant falls on, where a day starts, and when Apple publishes its report.
enum PacificCalendar {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles") ?? TimeZone(secondsFromGMT: -8 * 3600)!
        return calendar
    }()

    /// The Pacific day of `instant`.
    static func day(of instant: Timestamp) -> ReportDay {
        let parts = calendar.dateComponents([.year, .month, .day], from: instant.date)
        return ReportDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)!
    }

    /// The first instant of `day` plus `days` days and `hours` hours, Pacific time.
    static func start(of day: ReportDay, addingDays days: Int = 0, hours: Int = 0) -> Timestamp {
        let midnight = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) ?? Date(timeIntervalSince1970: 0)
        let shifted = calendar.date(byAdding: DateComponents(day: days, hour: hours), to: midnight) ?? midnight
        return Timestamp(shifted)
    }

    /// When a daily report of `day` appears: the next day at 08:00 Pacific, plus any delay.
    static func publication(of day: ReportDay, delayDays: Int = 0) -> Timestamp {
        start(of: day, addingDays: 1 + delayDays, hours: 8)
    }

    /// The days of `year`-`month`.
    static func days(year: Int, month: Int) -> [ReportDay] {
        (1...31).compactMap { ReportDay(year: year, month: month, day: $0) }
    }

    /// The days of Apple's fiscal month named `year`-`month`: whole weeks, Sunday to Saturday,
    /// 5-4-4 per quarter from October; the fiscal year ends on the last Saturday of September,
    /// and a 53-week year's extra week goes to December.
    static func fiscalDays(year: Int, month: Int) -> [ReportDay] {
        func yearEnd(_ fiscalYear: Int) -> Timestamp {
            let september30 = start(of: ReportDay(year: fiscalYear, month: 9, day: 30) ?? ReportDay(year: 2000, month: 9, day: 30)!)
            let weekday = calendar.component(.weekday, from: september30.date)  // 1 Sunday … 7 Saturday
            return Timestamp(calendar.date(byAdding: .day, value: -(weekday % 7), to: september30.date) ?? september30.date)
        }
        let fiscalYear = month >= 10 ? year + 1 : year
        let yearStart = yearEnd(fiscalYear - 1)
        let yearDays = calendar.dateComponents([.day], from: yearStart.date, to: yearEnd(fiscalYear).date).day ?? 364
        var weeks = [5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4]
        if yearDays / 7 == 53 { weeks[2] += 1 }
        let index = (month + 2) % 12
        let firstDay = day(of: yearStart).adding(days: 1 + 7 * weeks[..<index].reduce(0, +))
        return (0..<(7 * weeks[index])).map { firstDay.adding(days: $0) }
    }
}

extension ReportDay {
    /// The day `days` days later (earlier when negative).
    func adding(days: Int) -> ReportDay {
        PacificCalendar.day(of: PacificCalendar.start(of: self, addingDays: days, hours: 12))
    }
}

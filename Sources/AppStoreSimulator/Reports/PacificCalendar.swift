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
}

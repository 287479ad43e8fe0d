public import AppStoreModels
import Foundation

/// How long simulated periods last.
///
/// - `production`: calendar periods (a month is a calendar month, in UTC) and real intervals.
/// - `accelerated`: the App Store sandbox's shortened periods (`seeds/000_*`, `seeds/001_*`):
///   1 week → 3 min, 1 month → 5 min, 2 months → 10 min, 3 months → 15 min, 6 months → 30 min,
///   1 year → 1 h; and, from Apple's sandbox table, 3 days → 2 min. Other periods and every other
///   interval (grace period, billing retry, extensions, notification retries) are scaled by the
///   month's factor, 30 days : 5 min = 8640 : 1, so one simulated hour lasts about 0.42 s and a
///   day 10 s.
public enum DurationMode: String, Hashable, Sendable, Codable {
    case production
    case accelerated

    /// Real time compressed per accelerated second: 30 days in 5 minutes.
    public static let accelerationFactor: Int64 = 8640

    /// The instant one `period` after `start`.
    public func end(of period: ISOPeriod, from start: Timestamp) -> Timestamp {
        switch self {
        case .production:
            return Self.calendarEnd(of: period, from: start)
        case .accelerated:
            let minutes: Int64? =
                switch (period.unit, period.value) {
                case (.day, 3): 2
                case (.week, _): Int64(period.value) * 3
                case (.month, 1): 5
                case (.month, 2): 10
                case (.month, 3): 15
                case (.month, 6): 30
                case (.year, _): Int64(period.value) * 60
                default: nil
                }
            if let minutes { return start.adding(milliseconds: minutes * 60_000) }
            return start.adding(milliseconds: interval(days: period.approximateDays))
        }
    }

    /// A real interval of `milliseconds` as it lasts in this mode.
    public func interval(milliseconds: Int64) -> Int64 {
        switch self {
        case .production: milliseconds
        case .accelerated: max(1, milliseconds / Self.accelerationFactor)
        }
    }

    public func interval(hours: Int) -> Int64 { interval(milliseconds: Int64(hours) * 3_600_000) }
    public func interval(days: Int) -> Int64 { interval(milliseconds: Int64(days) * 86_400_000) }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    private static func calendarEnd(of period: ISOPeriod, from start: Timestamp) -> Timestamp {
        var components = DateComponents()
        switch period.unit {
        case .day: components.day = period.value
        case .week: components.day = period.value * 7
        case .month: components.month = period.value
        case .year: components.year = period.value
        }
        guard let end = utcCalendar.date(byAdding: components, to: start.date) else {
            return start.adding(milliseconds: Int64(period.approximateDays) * 86_400_000)
        }
        // Keep the start's milliseconds; Date arithmetic may round them.
        let milliseconds = start.millisecondsSince1970 % 1000
        return Timestamp(millisecondsSince1970: Int64(end.timeIntervalSince1970.rounded(.down)) * 1000 + milliseconds)
    }
}

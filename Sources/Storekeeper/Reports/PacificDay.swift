public import AppStoreModels
import Foundation

/// A calendar day in Pacific time (`America/Los_Angeles`, daylight saving included): the day
/// Sales and Trends reports count a sale or a refund on.
public struct PacificDay: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A day, or nil when it does not exist in the Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1970...9999).contains(year), (1...12).contains(month), (1...FigureDay.daysIn(month, of: year)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The Pacific day `instant` falls on.
    public init(containing instant: Timestamp) {
        let parts = Self.calendar.dateComponents([.year, .month, .day], from: instant.date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
        day = parts.day ?? 1
    }

    /// The first instant of the day (midnight Pacific).
    public var start: Timestamp {
        Timestamp(Self.calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0))
    }

    /// The first instant after the day.
    public var end: Timestamp { adding(days: 1).start }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> PacificDay {
        let shifted = Self.calendar.date(byAdding: .day, value: days, to: Self.noon(year, month, day)) ?? Self.noon(year, month, day)
        return PacificDay(containing: Timestamp(shifted))
    }

    /// When Apple publishes the day's daily reports: usually by 08:00 Pacific the next day.
    public var publication: Timestamp {
        Timestamp(
            Self.calendar.date(from: DateComponents(year: year, month: month, day: day + 1, hour: 8))
                ?? Date(timeIntervalSince1970: 0))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
    }

    public static func < (lhs: PacificDay, rhs: PacificDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days in order with no day first: the order of their `YYYY-MM-DD` texts, an absent day
    /// as the empty text, without writing either.
    public static func precedes(_ lhs: PacificDay?, _ rhs: PacificDay?) -> Bool {
        switch (lhs, rhs) {
        case (nil, .some): true
        case (let left?, let right?): left < right
        default: false
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = PacificDay(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD day"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles") ?? TimeZone(secondsFromGMT: -8 * 3600) ?? .gmt
        return calendar
    }()

    /// Noon avoids the daylight-saving gaps at midnight when stepping days.
    private static func noon(_ year: Int, _ month: Int, _ day: Int) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
    }

    /// Noon Pacific of a day given by its numbers (they are not checked).
    static func noonInstant(_ year: Int, _ month: Int, _ day: Int) -> Timestamp {
        Timestamp(noon(year, month, day))
    }
}

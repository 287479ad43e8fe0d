public import AppStoreModels

/// A calendar day in UTC, counted in days since 1970-01-01: the unit overview figures are kept in.
///
/// UTC rather than Pacific time (the day Apple's Sales reports use, ``PacificDay``) because the
/// rollups are written on the request path and must be cheap and identical on every instance;
/// the overview says so in its response.
public struct FigureDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let daysSince1970: Int

    public init(daysSince1970: Int) {
        self.daysSince1970 = daysSince1970
    }

    static let millisecondsPerDay: Int64 = 86_400_000

    /// The UTC day `instant` falls on (instants before 1970 count back correctly).
    public init(containing instant: Timestamp) {
        let (quotient, remainder) = instant.millisecondsSince1970.quotientAndRemainder(dividingBy: Self.millisecondsPerDay)
        self.daysSince1970 = Int(remainder < 0 ? quotient - 1 : quotient)
    }

    /// A day of the proleptic Gregorian calendar, or nil when it does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1970...9999).contains(year), (1...12).contains(month), (1...Self.daysIn(month, of: year)).contains(day) else {
            return nil
        }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        self.daysSince1970 = era * 146_097 + dayOfEra - 719_468
    }

    /// Parses `YYYY-MM-DD`; nil for anything else or a day that does not exist.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Year, month and day (Hinnant's civil_from_days).
    public var civil: (year: Int, month: Int, day: Int) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The first instant of the day (midnight UTC).
    public var start: Timestamp { Timestamp(millisecondsSince1970: Int64(daysSince1970) * Self.millisecondsPerDay) }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> FigureDay { FigureDay(daysSince1970: daysSince1970 + days) }

    /// The first day of the day's month: the key of the monthly rollup.
    public var monthStart: FigureDay { adding(days: 1 - civil.day) }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = civil
        return "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
    }

    public static func < (lhs: FigureDay, rhs: FigureDay) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// The days of `month` (1...12) in the Gregorian `year`.
    package static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = FigureDay(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD day"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

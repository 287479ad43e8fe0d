public import AppStoreModels
import Foundation

/// A calendar duration in ISO 8601 form, as App Store Connect states subscription and offer
/// periods: `P3D`, `P1W`, `P1M`, `P2M`, `P3M`, `P6M`, `P1Y`.
///
/// Adding a period uses the Gregorian calendar in UTC, so one month after January 31 is the
/// last day of February, as the App Store bills.
public struct Period: Hashable, Sendable, Codable, CustomStringConvertible {
    public var years: Int
    public var months: Int
    public var weeks: Int
    public var days: Int

    public init(years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0) {
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
    }

    /// Parses `PnYnMnWnD` (each part optional, at least one present).
    public init?(iso8601 text: String) {
        var scanner = Substring(text)
        guard scanner.first == "P", scanner.count > 1 else { return nil }
        scanner.removeFirst()
        var result = Period()
        var digits = ""
        for character in scanner {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            guard let value = Int(digits), value >= 0, value <= 10_000 else { return nil }
            digits = ""
            switch character {
            case "Y": result.years = value
            case "M": result.months = value
            case "W": result.weeks = value
            case "D": result.days = value
            default: return nil
            }
        }
        guard digits.isEmpty, result != Period() else { return nil }
        self = result
    }

    public var description: String {
        var text = "P"
        if years > 0 { text += "\(years)Y" }
        if months > 0 { text += "\(months)M" }
        if weeks > 0 { text += "\(weeks)W" }
        if days > 0 { text += "\(days)D" }
        return text == "P" ? "P0D" : text
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return calendar
    }()

    /// `timestamp` moved forward by this period (backward when `times` is negative).
    public func added(to timestamp: Timestamp, times: Int = 1) -> Timestamp {
        var components = DateComponents()
        components.year = years * times
        components.month = months * times
        components.day = (weeks * 7 + days) * times
        let date = Self.calendar.date(byAdding: components, to: timestamp.date) ?? timestamp.date
        let milliseconds = timestamp.millisecondsSince1970 % 1000
        return Timestamp(millisecondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)) * 1000 + milliseconds)
    }

    /// The approximate length in days, for ordering products by period.
    public var approximateDays: Int { years * 365 + months * 30 + weeks * 7 + days }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let period = Period(iso8601: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(text) is not an ISO 8601 period like P1M"))
        }
        self = period
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

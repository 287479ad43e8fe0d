/// An ISO 8601 duration of whole days, weeks, months or years (`P3D`, `P1W`, `P1M`, `P1Y`), the
/// form App Store Connect uses for subscription periods and offer durations (`offerPeriod`).
///
/// Encodes as its text, e.g. `"P1M"`.
public struct ISOPeriod: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        case day = "D"
        case week = "W"
        case month = "M"
        case year = "Y"
    }

    public var value: Int
    public var unit: Unit

    public init(_ value: Int, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses `P<n><D|W|M|Y>` with `n` in 1...999; nil for anything else.
    public init?(_ text: String) {
        guard text.count >= 3, text.first == "P", let unit = text.last.flatMap({ Unit(rawValue: String($0)) }),
            let value = Int(text.dropFirst().dropLast()), (1...999).contains(value)
        else { return nil }
        self.init(value, unit)
    }

    public static let threeDays = ISOPeriod(3, .day)
    public static let oneWeek = ISOPeriod(1, .week)
    public static let twoWeeks = ISOPeriod(2, .week)
    public static let oneMonth = ISOPeriod(1, .month)
    public static let twoMonths = ISOPeriod(2, .month)
    public static let threeMonths = ISOPeriod(3, .month)
    public static let sixMonths = ISOPeriod(6, .month)
    public static let oneYear = ISOPeriod(1, .year)

    /// `count` back-to-back periods as one duration (`P1M` × 3 = `P3M`).
    public func repeated(_ count: Int) -> ISOPeriod {
        ISOPeriod(value * max(count, 1), unit)
    }

    /// The period's length in days, counting a month as 30 days and a year as 365.
    public var approximateDays: Int {
        switch unit {
        case .day: value
        case .week: value * 7
        case .month: value * 30
        case .year: value * 365
        }
    }

    public var description: String { "P\(value)\(unit.rawValue)" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let period = ISOPeriod(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(text) is not an ISO 8601 period such as P1M")
        }
        self = period
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

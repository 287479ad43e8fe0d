import AppStoreModels

/// How the console writes values for people: times in UTC to the second, amounts with their
/// currency's minor units.
enum ConsoleFormat {
    /// `2026-11-25 18:45:12 UTC`, computed without a formatter (pages list hundreds of times).
    static func time(_ timestamp: Timestamp) -> String {
        let milliseconds = timestamp.millisecondsSince1970
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(days)
        return "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) UTC"
    }

    static func time(_ timestamp: Timestamp?) -> String {
        timestamp.map { time($0) } ?? "—"
    }

    /// Milliunits (thousandths of the currency unit, as Apple reports prices) with their currency.
    static func milliunits(_ value: Int64?, _ currency: String?) -> String {
        guard let value else { return "—" }
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        let units = magnitude / 1000
        let cents = (magnitude % 1000) / 10
        return "\(sign)\(units).\(two(Int64(cents)))" + (currency.map { " " + $0 } ?? "")
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Days since 1970-01-01 → (year, month, day), proleptic Gregorian (Howard Hinnant's
    /// `civil_from_days`).
    private static func civil(_ daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

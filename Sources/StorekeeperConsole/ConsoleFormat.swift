package import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperHTTP

/// How the console writes values for people: times in UTC to the second, amounts with their
/// currency's minor units.
package enum ConsoleFormat {
    /// `2026-11-25 18:45:12 UTC`, computed without a formatter (pages list hundreds of times).
    package static func time(_ timestamp: Timestamp) -> String {
        let milliseconds = timestamp.millisecondsSince1970
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(days)
        return "\(year)-\(two(month))-\(two(day)) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) UTC"
    }

    package static func time(_ timestamp: Timestamp?) -> String {
        timestamp.map { time($0) } ?? "—"
    }

    /// A time as the API's bodies carry it: milliseconds since 1970.
    package static func time(milliseconds: Int64?) -> String {
        time(milliseconds.map(Timestamp.init(millisecondsSince1970:)))
    }

    /// Milliunits (thousandths of the currency unit, as Apple reports prices) with their currency.
    package static func milliunits(_ value: Int64?, _ currency: String?) -> String {
        guard let value else { return "—" }
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        let units = magnitude / 1000
        let cents = (magnitude % 1000) / 10
        return "\(sign)\(units).\(two(Int64(cents)))" + (currency.map { " " + $0 } ?? "")
    }

    /// `2026-11-25T18:45`: a minute in UTC as a `datetime-local` field holds it.
    package static func minute(_ timestamp: Timestamp) -> String {
        String(time(timestamp).prefix(16)).replacingOccurrences(of: " ", with: "T")
    }

    /// A `datetime-local` field's value (`YYYY-MM-DDTHH:MM`, seconds allowed) read as UTC.
    package static func parseMinute(_ text: String) -> Timestamp? {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard parts.count == 2, let day = FigureDay(iso: String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":").map { Int64($0) }
        guard (2...3).contains(clock.count), let hours = clock[0], let minutes = clock[1], (0..<24).contains(hours),
            (0..<60).contains(minutes)
        else { return nil }
        let seconds = clock.count == 3 ? clock[2] : 0
        guard let seconds, (0..<60).contains(seconds) else { return nil }
        return day.start.adding(milliseconds: ((hours * 60 + minutes) * 60 + seconds) * 1000)
    }

    /// A duration in milliseconds for people: `850 ms`, `12.5 s`, `4 min 10 s`, `3 h 5 min`, `2 d 4 h`.
    package static func duration(_ milliseconds: Int64) -> String {
        let ms = max(0, milliseconds)
        if ms < 1000 { return "\(ms) ms" }
        if ms < 60_000 { return "\(ms / 1000).\(ms % 1000 / 100) s" }
        let seconds = ms / 1000
        if seconds < 3600 { return "\(seconds / 60) min \(seconds % 60) s" }
        if seconds < 86_400 { return "\(seconds / 3600) h \(seconds % 3600 / 60) min" }
        return "\(seconds / 86_400) d \(seconds % 86_400 / 3600) h"
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

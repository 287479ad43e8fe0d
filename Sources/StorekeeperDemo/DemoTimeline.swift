import AppStoreModels
import Foundation

/// Prints the demo's timeline: seconds since the start, who acted, what happened, and indented
/// details under each event.
struct DemoTimeline: Sendable {
    private let start = ContinuousClock.now
    /// Width of the actor column.
    private static let actorWidth = 16

    /// A numbered section heading.
    func step(_ number: Int, _ title: String) {
        let heading = "── \(number). \(title) "
        emit("\n" + heading + String(repeating: "─", count: max(4, 96 - heading.count)))
    }

    /// A heading without a number (the summary at the end).
    func section(_ title: String) {
        let heading = "── \(title) "
        emit("\n" + heading + String(repeating: "─", count: max(4, 96 - heading.count)))
    }

    /// One event: `+1.23s  actor         what happened`.
    func event(_ actor: String, _ text: String) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let time = String(format: "%+7.2fs", seconds)
        emit(time + "  " + actor.padding(toLength: Self.actorWidth, withPad: " ", startingAt: 0) + " " + text)
    }

    /// A line under the previous event.
    func detail(_ text: String) {
        emit(String(repeating: " ", count: 10 + Self.actorWidth + 1) + text)
    }

    /// A plain line (headers, the summary).
    func line(_ text: String = "") {
        emit(text)
    }

    /// A comma-separated list broken into lines of at most 100 characters.
    func wrapped(_ text: String, indent: Int) {
        var line = String(repeating: " ", count: indent)
        for item in text.components(separatedBy: ", ") {
            if line.count + item.count + 2 > 100, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                emit(line + ",")
                line = String(repeating: " ", count: indent)
            }
            line += (line.trimmingCharacters(in: .whitespaces).isEmpty ? "" : ", ") + item
        }
        emit(line)
    }

    /// Prints and flushes, so the timeline keeps its order even in a pipe beside log lines.
    private func emit(_ text: String) {
        print(text)
        fflush(nil)
    }

    // MARK: Formatting

    /// A time as the API's bodies carry it (milliseconds since 1970).
    static func time(_ milliseconds: Int64) -> String {
        time(Timestamp(millisecondsSince1970: milliseconds))
    }

    /// `14:03:27` (UTC) near now; `2027-02-22 14:03` further away.
    static func time(_ timestamp: Timestamp) -> String {
        let milliseconds = timestamp.millisecondsSince1970
        let seconds = Int((milliseconds / 1000 % 86_400 + 86_400) % 86_400)
        let clock = String(format: "%02ld:%02ld:%02ld", seconds / 3600, seconds / 60 % 60, seconds % 60)
        guard abs(milliseconds - Timestamp(Date()).millisecondsSince1970) > 12 * 3_600_000 else { return clock }
        // Civil date from days since 1970 (Howard Hinnant's algorithm).
        let days = Int((milliseconds - Int64(seconds) * 1000) / 86_400_000) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04ld-%02ld-%02ld ", year, month, day) + String(clock.prefix(5))
    }

    /// `9.99 USD` from Apple's milliunits.
    static func price(_ milliunits: Int64?, _ currency: String?) -> String {
        guard let milliunits, let currency else { return "?" }
        return String(format: "%.2f ", Double(milliunits) / 1000) + currency
    }

    /// The first 8 characters of an identifier, enough to follow it through the timeline.
    static func short(_ id: UUID) -> String {
        String(id.lowercasedString.prefix(8)) + "…"
    }

    /// The product identifier without the demo bundle's prefix.
    static func product(_ id: String) -> String {
        id.hasPrefix("com.example.storekeeper.") ? String(id.dropFirst("com.example.storekeeper.".count)) : id
    }

    /// `4m 55s`, `12s`.
    static func duration(milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        return seconds >= 60 ? "\(seconds / 60)m \(seconds % 60)s" : "\(seconds)s"
    }
}

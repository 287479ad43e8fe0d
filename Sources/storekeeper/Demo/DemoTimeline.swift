import AppStoreModels
import Foundation

/// Prints the demo's timeline: seconds since the start, who acted, what happened, and indented
/// details under each event.
struct DemoTimeline: Sendable {
    private let start = ContinuousClock.now
    /// Width of the actor column.
    private static let actorWidth = 14

    /// A numbered section heading.
    func step(_ number: Int, _ title: String) {
        let heading = "── \(number). \(title) "
        print("\n" + heading + String(repeating: "─", count: max(4, 96 - heading.count)))
    }

    /// A heading without a number (the summary at the end).
    func section(_ title: String) {
        let heading = "── \(title) "
        print("\n" + heading + String(repeating: "─", count: max(4, 96 - heading.count)))
    }

    /// One event: `+1.23s  actor         what happened`.
    func event(_ actor: String, _ text: String) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let time = String(format: "%+7.2fs", seconds)
        print(time + "  " + actor.padding(toLength: Self.actorWidth, withPad: " ", startingAt: 0) + " " + text)
    }

    /// A line under the previous event.
    func detail(_ text: String) {
        print(String(repeating: " ", count: 10 + Self.actorWidth + 1) + text)
    }

    /// A plain line (headers, the summary).
    func line(_ text: String = "") {
        print(text)
    }

    // MARK: Formatting

    /// `14:03:27` (UTC).
    static func time(_ timestamp: Timestamp) -> String {
        let seconds = Int((timestamp.millisecondsSince1970 / 1000 % 86_400 + 86_400) % 86_400)
        return String(format: "%02ld:%02ld:%02ld", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    /// `9.99 USD` from Apple's milliunits.
    static func price(_ milliunits: Int64?, _ currency: String?) -> String {
        guard let milliunits, let currency else { return "?" }
        return String(format: "%.2f ", Double(milliunits) / 1000) + currency
    }

    /// The first 8 characters of an identifier, enough to follow it through the timeline.
    static func short(_ id: UUID) -> String {
        String(id.uuidString.lowercased().prefix(8)) + "…"
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

import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// What every action command of the Apple-side and inbox commands takes besides its own
/// options: the reason (recorded in the audit log) and the idempotency key.
struct AppleActionOptions: ParsableArguments {
    @Option(help: "Why, for the audit log (required).")
    var reason: String

    @Option(
        help: ArgumentHelp(
            "A key that makes a retry safe: the same key and request answer the first result (default: a new UUID, printed).",
            valueName: "key"))
    var idempotencyKey: String?

    /// The key given, or a new one announced on standard error so the operator can retry with it.
    func key() -> String {
        if let idempotencyKey { return idempotencyKey }
        let key = UUID().lowercasedString
        FileHandle.standardError.write(Data("idempotency key: \(key)\n".utf8))
        return key
    }
}

/// Times on the command line: milliseconds since 1970, or ISO 8601 (`2026-11-25T10:00:00Z`).
enum CommandLineTime {
    static func milliseconds(_ text: String, option: String) throws -> Int64 {
        if let value = Int64(text) { return value }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        formatter.formatOptions = [.withFullDate]
        if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        throw ValidationError("\(option) must be milliseconds since 1970 or an ISO 8601 time such as 2026-11-25T10:00:00Z")
    }

    /// Milliseconds since 1970 as ISO 8601 (UTC), for tables.
    static func text(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "" }
        return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}

import Foundation
package import Hummingbird
import NIOCore
import Storekeeper
import StorekeeperApplication
import StorekeeperHTTP

/// An `application/x-www-form-urlencoded` body, as the console's forms post it.
package struct ConsoleForm: Sendable {
    /// Field name → values, in the order posted (checkboxes repeat a name).
    package let fields: [String: [String]]

    /// Forms are small: a reason of at most 500 characters and a few short fields.
    package static let maxBytes = 16 * 1024

    /// The first value of `name`.
    package subscript(_ name: String) -> String? { fields[name]?.first }

    /// Every value of `name`.
    package func values(_ name: String) -> [String] { fields[name] ?? [] }

    /// The trimmed value of `name`, `nil` when it is missing or blank.
    package func text(_ name: String) -> String? {
        guard let raw = self[name] else { return nil }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Reads and decodes the request's body (refused over ``maxBytes``). A value holding U+0000
    /// is refused, as every other input is.
    package static func read(_ request: Request) async throws -> ConsoleForm {
        let buffer = try await RequestBodyLimit.collect(request, upTo: maxBytes)
        return try parse(String(buffer: buffer))
    }

    package static func parse(_ body: String) throws -> ConsoleForm {
        var fields: [String: [String]] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else {
                throw StorekeeperError.invalidRequest("the form is not valid application/x-www-form-urlencoded")
            }
            if name.utf8.contains(0) || value.utf8.contains(0) {
                throw StorekeeperError.nulCharacter("a form field contains U+0000 (NUL)")
            }
            fields[name, default: []].append(value)
        }
        return ConsoleForm(fields: fields)
    }

    private static func decode(_ raw: Substring) -> String? {
        raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

import Foundation

/// The feed as CSV (`format=csv`): one header line, then one line per event, fields quoted as
/// RFC 4180 says. `details` and `postings` are JSON text in their columns.
extension FeedEventBody {
    public static let csvHeader =
        "schemaVersion,cursor,id,type,occurredAt,customerId,appId,actor,subject,fact,reason,details,postings"

    public func csvLine() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let details = String(decoding: try encoder.encode(details), as: UTF8.self)
        let postings = try postings.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let fields: [String?] = [
            String(schemaVersion), cursor, id, type, String(occurredAt), customerId, appId, actor, subject, fact, reason, details,
            postings,
        ]
        return fields.map { Self.csvField($0 ?? "") }.joined(separator: ",")
    }

    static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

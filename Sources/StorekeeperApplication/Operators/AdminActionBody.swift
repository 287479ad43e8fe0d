import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperStore

/// What every operator action's body carries besides its own fields.
package struct AdminActionBody: Decodable, Sendable {
    /// Why: recorded with the action in the audit log. 1–500 characters once trimmed.
    package let reason: String
    /// The client's key for this action: a retry with the same key and request answers the
    /// first result and does nothing again. 1–128 characters.
    package let idempotencyKey: String

    package enum CodingKeys: String, CodingKey { case reason, idempotencyKey }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let reason = try AdminActionBody.reason(try container.decode(String.self, forKey: .reason))
        let key = try container.decode(String.self, forKey: .idempotencyKey)
        guard (1...128).contains(key.utf8.count) else {
            throw StorekeeperError.invalidRequest("idempotencyKey must be 1–128 bytes")
        }
        self.reason = reason
        self.idempotencyKey = key
    }

    package init(reason: String, idempotencyKey: String) {
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}

extension AdminActionBody {
    /// A reason as every operator action requires it: 1–500 characters once trimmed.
    package static func reason(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...500).contains(trimmed.count) else {
            throw StorekeeperError.invalidRequest("reason is required: 1–500 characters saying why")
        }
        return trimmed
    }
}

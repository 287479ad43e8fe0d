public import AppStoreModels
public import Foundation

/// Where a page of outbox messages continues: strictly older than this message.
public struct OutboxCursor: Hashable, Sendable {
    public var createdAt: Timestamp
    public var id: UUID

    public init(createdAt: Timestamp, id: UUID) {
        self.createdAt = createdAt
        self.id = id
    }

    public init(_ message: OutboxMessage) { self.init(createdAt: message.createdAt, id: message.id) }

    /// `<milliseconds>:<uuid>`, the form the API pages with.
    public var token: String { "\(createdAt.millisecondsSince1970):\(id.lowercasedString)" }

    public init?(token: String) {
        let parts = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let milliseconds = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else { return nil }
        self.init(createdAt: Timestamp(millisecondsSince1970: milliseconds), id: id)
    }
}

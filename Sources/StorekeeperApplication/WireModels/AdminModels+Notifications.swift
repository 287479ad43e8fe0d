import AppStoreModels
import Foundation
package import Storekeeper

// What the admin API's notification and resync routes read that never travels as a body: the
// filters a list (query parameters) or a replay reads, and what the idempotency records of a
// replay and a resync hash. Every body is a wire model of `StorekeeperAPIModels`.

// MARK: Inbox requests

/// The inbox filters a list or a replay takes.
package struct InboxFilter: Codable, Sendable, Hashable {
    package var status: String?
    package var type: String?
    package var subtype: String?
    package var environment: String?
    package var from: Int64?
    package var to: Int64?
    package var before: String?
    package var limit: Int?

    package init(
        status: String? = nil, type: String? = nil, subtype: String? = nil, environment: String? = nil, from: Int64? = nil,
        to: Int64? = nil, before: String? = nil, limit: Int? = nil
    ) {
        self.status = status
        self.type = type
        self.subtype = subtype
        self.environment = environment
        self.from = from
        self.to = to
        self.before = before
        self.limit = limit
    }

    package func query(appId: String, limit: Int) throws -> InboxQuery {
        var status: InboxQuery.Status?
        if let raw = self.status {
            guard let parsed = InboxQuery.Status(rawValue: raw) else {
                throw StorekeeperError.invalidRequest(
                    "status must be one of \(InboxQuery.Status.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            status = parsed
        }
        for (name, value) in [("type", type), ("subtype", subtype), ("environment", environment)] {
            if let value, !(1...64).contains(value.utf8.count) { throw StorekeeperError.invalidRequest("\(name) must be 1–64 bytes") }
        }
        if let from, from < 0 { throw StorekeeperError.invalidRequest("from must be milliseconds since 1970") }
        if let to, to < 0 { throw StorekeeperError.invalidRequest("to must be milliseconds since 1970") }
        var cursor: InboxCursor?
        if let before {
            guard let parsed = InboxCursor(token: before) else {
                throw StorekeeperError.invalidRequest("before must be a cursor from a previous page's next")
            }
            cursor = parsed
        }
        return InboxQuery(
            appId: appId, status: status, notificationType: type, subtype: subtype, environment: environment,
            from: from.map(Timestamp.init(millisecondsSince1970:)), to: to.map(Timestamp.init(millisecondsSince1970:)),
            before: cursor, limit: limit)
    }
}

/// What a replay of one entry is keyed by (with its idempotency key).
package struct ReplayOneRequest: Codable, Sendable {
    package var id: String
    package var reason: String

    package init(
        id: String, reason: String
    ) {
        self.id = id
        self.reason = reason
    }
}

// MARK: Resync

/// What a resync is keyed by (with its idempotency key).
package struct ResyncRequest: Codable, Sendable {
    package var customerId: String
    package var reason: String

    package init(
        customerId: String, reason: String
    ) {
        self.customerId = customerId
        self.reason = reason
    }
}

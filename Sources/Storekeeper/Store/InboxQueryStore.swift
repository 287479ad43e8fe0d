public import AppStoreModels
import Foundation

/// The notifications inbox as operators read it: one app's entries, filtered and paged, newest
/// first (the admin API's inbox, replay of a filtered range).
public protocol InboxQueryStoreReader: Sendable {
    /// One page of the app's inbox matching `query`, newest first (`received_at`, then `id`,
    /// both descending), without bodies.
    func inboxPage(_ query: InboxQuery) async throws -> [InboxPageEntry]
}

/// Writes the inbox's operator view needs.
public protocol InboxQueryStoreWriter: InboxQueryStoreReader {
    /// Counts one more arrival of a stored notification (Apple delivered it again). Returns
    /// whether an entry has the id.
    @discardableResult
    func recordInboxDuplicate(id: String) async throws -> Bool
}

/// A filter over one app's inbox, with a page position.
public struct InboxQuery: Sendable, Hashable {
    /// What operators filter by; `pending` is stored as `received`, `duplicate` is an entry that
    /// arrived more than once (whatever its processing status).
    public enum Status: String, Sendable, Hashable, CaseIterable, Codable {
        case processed, duplicate, rejected, failed, pending
    }

    public var appId: String
    public var status: Status?
    public var notificationType: String?
    public var subtype: String?
    /// `Sandbox`, `Production`, ... as Apple names it.
    public var environment: String?
    /// Received at or after this instant.
    public var from: Timestamp?
    /// Received before this instant.
    public var to: Timestamp?
    /// Continue after this entry (the last of the previous page).
    public var before: InboxCursor?
    public var limit: Int

    public init(
        appId: String, status: Status? = nil, notificationType: String? = nil, subtype: String? = nil,
        environment: String? = nil, from: Timestamp? = nil, to: Timestamp? = nil, before: InboxCursor? = nil,
        limit: Int = 50
    ) {
        self.appId = appId
        self.status = status
        self.notificationType = notificationType
        self.subtype = subtype
        self.environment = environment
        self.from = from
        self.to = to
        self.before = before
        self.limit = limit
    }

    /// Whether `entry` matches the filters (not the page position).
    public func matches(_ entry: InboxNotification) -> Bool {
        guard entry.appId == appId else { return false }
        switch status {
        case nil: break
        case .pending?: if entry.status != .received { return false }
        case .duplicate?: if entry.duplicates <= 0 { return false }
        case .processed?: if entry.status != .processed { return false }
        case .rejected?: if entry.status != .rejected { return false }
        case .failed?: if entry.status != .failed { return false }
        }
        if let notificationType, entry.notificationType != notificationType { return false }
        if let subtype, entry.subtype != subtype { return false }
        if let environment, entry.environment != environment { return false }
        if let from, entry.receivedAt < from { return false }
        if let to, entry.receivedAt >= to { return false }
        return true
    }
}

/// Where a page of the inbox ends: the next page starts after (older than) this entry.
public struct InboxCursor: Sendable, Hashable, Codable {
    public var receivedAt: Timestamp
    public var id: String

    public init(receivedAt: Timestamp, id: String) {
        self.receivedAt = receivedAt
        self.id = id
    }

    /// `<receivedAt ms>.<id>`, the form the admin API pages with.
    public var token: String { "\(receivedAt.millisecondsSince1970).\(id)" }

    /// Reads ``token``; `nil` when it is not one.
    public init?(token: String) {
        guard let dot = token.firstIndex(of: "."), let millis = Int64(token[..<dot]) else { return nil }
        let id = String(token[token.index(after: dot)...])
        guard !id.isEmpty else { return nil }
        self.init(receivedAt: Timestamp(millisecondsSince1970: millis), id: id)
    }
}

/// An inbox entry without its body: what the inbox lists and a customer's timeline shows of a
/// notification (the admin API's `InboxEntry` and `AdminTimelineNotification` bodies are built
/// from it).
public struct InboxPageEntry: Sendable, Hashable, Codable {
    public var id: String
    public var appId: String
    public var version: Int
    public var environment: String?
    public var receivedAt: Timestamp
    public var status: InboxNotification.Status
    public var attempts: Int
    public var duplicates: Int
    public var lastError: String?
    public var notificationType: String?
    public var subtype: String?
    public var signedDate: Timestamp?
    public var processedAt: Timestamp?
    /// The stored body's size in bytes.
    public var bodyBytes: Int

    public init(
        id: String, appId: String, version: Int, environment: String?, receivedAt: Timestamp,
        status: InboxNotification.Status, attempts: Int, duplicates: Int, lastError: String?, notificationType: String?,
        subtype: String?, signedDate: Timestamp?, processedAt: Timestamp?, bodyBytes: Int
    ) {
        self.id = id
        self.appId = appId
        self.version = version
        self.environment = environment
        self.receivedAt = receivedAt
        self.status = status
        self.attempts = attempts
        self.duplicates = duplicates
        self.lastError = lastError
        self.notificationType = notificationType
        self.subtype = subtype
        self.signedDate = signedDate
        self.processedAt = processedAt
        self.bodyBytes = bodyBytes
    }

    public init(_ entry: InboxNotification) {
        self.init(
            id: entry.id, appId: entry.appId, version: entry.version, environment: entry.environment,
            receivedAt: entry.receivedAt, status: entry.status, attempts: entry.attempts, duplicates: entry.duplicates,
            lastError: entry.lastError, notificationType: entry.notificationType, subtype: entry.subtype,
            signedDate: entry.signedDate, processedAt: entry.processedAt, bodyBytes: entry.body.count)
    }

    public var cursor: InboxCursor { InboxCursor(receivedAt: receivedAt, id: id) }
}

package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperStore

/// One app's ordered event feed (`docs/EVENTS.md`), read by cursor in pages of bounded size, so a
/// reader of a million events holds one page at a time.
///
/// An app reads the events of its customers' space (shared with the other apps of its group, as
/// the customers are) and the events of the app itself that name no customer (its operators'
/// actions, its notifications).
package struct EventFeed: Sendable {
    /// The largest page read from the store at once.
    package static let pageSize = 1_000
    /// The most events one request may ask for (it is streamed, a page at a time).
    package static let maximumLimit = 1_000_000
    package static let defaultLimit = 1_000

    private let store: any PurchaseStore
    private let streams: [String]

    package init(store: any PurchaseStore, app: AppConfiguration) {
        self.store = store
        streams = Array(Set([app.customerSpace.rawValue, app.id])).sorted()
    }

    /// The cursor a request names: `after` (a previous event's cursor), else the start.
    package static func cursor(after token: String?) throws(StorekeeperError) -> FeedCursor {
        guard let token else { return .start }
        guard let cursor = FeedCursor(token: token) else {
            throw StorekeeperError.invalidRequest("after must be the cursor of an event read before")
        }
        return cursor
    }

    /// At most `limit` events after `after` (from `since` on, when given), in feed order.
    package func page(after: FeedCursor, since: Timestamp?, limit: Int) async throws -> [FeedRecord] {
        try await store.read { try await $0.feedEvents(streams: streams, after: after, since: since, limit: limit) }
    }

    /// The first page of a read of `limit` events: read before a response starts, so a bad
    /// request is still answered as one.
    package func firstPage(after: FeedCursor, since: Timestamp?, limit: Int) async throws -> [FeedRecord] {
        try await page(after: after, since: since, limit: min(Self.pageSize, limit))
    }

    /// Hands `emit` the `first` page (``firstPage(after:since:limit:)``), then the following
    /// ones, until `limit` events or the end of the feed.
    package func stream(
        first: [FeedRecord], since: Timestamp?, limit: Int, _ emit: ([FeedRecord]) async throws -> Void
    ) async throws {
        var requested = min(Self.pageSize, limit)
        var page = first
        var left = limit
        while true {
            try await emit(page)
            left -= page.count
            // A short page is the end of what can be read now.
            guard page.count == requested, left > 0, let last = page.last else { return }
            requested = min(Self.pageSize, left)
            page = try await self.page(after: last.cursor, since: since, limit: requested)
        }
    }
}

extension EventFeed {
    /// The `since` a request names: milliseconds since 1970, an ISO 8601 instant
    /// (`2026-01-02T03:04:05Z`) or a UTC day (`2026-01-02`, from its start).
    package static func since(_ text: String?) throws(StorekeeperError) -> Timestamp? {
        guard let text else { return nil }
        if let milliseconds = Int64(text), milliseconds >= 0 { return Timestamp(millisecondsSince1970: milliseconds) }
        let instant = ISO8601DateFormatter()
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        guard let date = instant.date(from: text) ?? day.date(from: text) else {
            throw StorekeeperError.invalidRequest("since must be milliseconds, an ISO 8601 time or a YYYY-MM-DD day")
        }
        return Timestamp(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }
}

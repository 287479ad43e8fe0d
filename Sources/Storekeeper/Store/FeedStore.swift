public import AppStoreModels

/// Reads of the ordered event feed. The writes are not a protocol of their own: the stores
/// append a feed event inside the write that records its source (``AuditStoreWriter/append(_:)``,
/// ``LedgerStoreWriter/post(_:requireNonNegative:)``, the inbox's insert and marks), so there is
/// no second path that could write one without the other.
public protocol FeedStoreReader: Sendable {
    /// The events of `streams` after `after`, in feed order (``FeedCursor``), at most `limit`,
    /// only those that happened at or after `since` when given. Never returns an event while a
    /// transaction that could still commit one before it is running, so a reader that continues
    /// from the last cursor it got misses nothing and repeats nothing.
    func feedEvents(streams: [String], after: FeedCursor, since: Timestamp?, limit: Int) async throws -> [FeedRecord]
}

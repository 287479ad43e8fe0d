public import AppStoreModels

/// Reads of recovery watermarks: how far each time slice of a Notification History recovery got.
public protocol RecoveryStoreReader: Sendable {
    /// The slices of `job`, by `start`.
    func recoverySlices(job: String) async throws -> [RecoverySlice]
}

/// Writes of recovery watermarks. Invariant: one row per `(job, start)`.
public protocol RecoveryStoreWriter: RecoveryStoreReader {
    /// Inserts the slice or replaces the stored one with the same `job` and `start`.
    func saveRecoverySlice(_ slice: RecoverySlice) async throws
    /// Forgets every slice of `job` (the recovery finished); returns how many.
    func deleteRecoverySlices(job: String) async throws -> Int
}

/// One time slice of a Notification History recovery and its watermark: the page to fetch next.
///
/// A slice covers `start..<end` (Apple's `startDate` / `endDate`). After a page's notifications
/// are applied, the slice is saved with the page's `paginationToken` as `nextPageToken`, so a
/// recovery that stops (crash, restart, lost lease) resumes at the first page not yet applied.
public struct RecoverySlice: Hashable, Sendable, Codable {
    /// The recovery the slice belongs to (the sweep's or a backfill's name).
    public var job: String
    public var start: Timestamp
    public var end: Timestamp
    /// The pagination token of the next page to fetch; nil with ``pagesApplied`` zero: the first.
    public var nextPageToken: String?
    /// Pages fetched and applied so far.
    public var pagesApplied: Int
    /// Notification history records those pages held.
    public var notificationsSeen: Int
    /// Every page applied (Apple answered `hasMore` false).
    public var isComplete: Bool
    public var updatedAt: Timestamp

    public init(
        job: String, start: Timestamp, end: Timestamp, nextPageToken: String? = nil, pagesApplied: Int = 0,
        notificationsSeen: Int = 0, isComplete: Bool = false, updatedAt: Timestamp
    ) {
        self.job = job
        self.start = start
        self.end = end
        self.nextPageToken = nextPageToken
        self.pagesApplied = pagesApplied
        self.notificationsSeen = notificationsSeen
        self.isComplete = isComplete
        self.updatedAt = updatedAt
    }
}

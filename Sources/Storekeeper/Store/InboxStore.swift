public import AppStoreModels
public import Foundation

/// Reads of the notification inbox: raw App Store notifications kept before they are
/// acknowledged, and their processing state.
public protocol InboxStoreReader: Sendable {
    func inboxNotification(id: String) async throws -> InboxNotification?
    /// The status of a stored notification without its body; `nil` when none has the id.
    func inboxStatus(id: String) async throws -> InboxNotification.Status?
    /// Inbox entries still `received` or `failed` (retryable) that are due at `now`, oldest
    /// first: an entry with `attempts` failed tries waits `minimumAgeMilliseconds × 2^min(attempts, 12)`
    /// after it arrived. Entries still waiting are skipped, so they never hide due ones behind them;
    /// so are entries of apps not in `appIds` (an app removed from this instance's configuration).
    func dueInbox(
        at now: Timestamp, minimumAgeMilliseconds: Int64, appIds: [String], limit: Int
    ) async throws
        -> [InboxNotification]
    func inboxCount(status: InboxNotification.Status) async throws -> Int
    /// The entry's recorded processing attempts, oldest first (at most ``InboxAttempt/retained``,
    /// the latest); empty when none has the id.
    func inboxAttempts(id: String) async throws -> [InboxAttempt]
}

/// Writes of the inbox. Invariants: one entry per id (Apple's retries are deduplicated); the
/// body and arrival time never change; `processed` is final (a late failure does not undo it).
public protocol InboxStoreWriter: InboxStoreReader {
    /// Stores a raw notification before it is acknowledged. Returns `false` when one with the
    /// same id (`notificationUUID`) is already stored. One stored with an outcome (processed,
    /// failed, rejected) records it as its first attempt (``InboxAttempt/first(of:)``). A store
    /// may read the owner candidates of the notification's ``InboxNotification/purchase`` with
    /// the insert and answer the transaction's next owner reads of it from what it read.
    func insertInbox(_ notification: InboxNotification) async throws -> Bool
    /// Replaces everything but the body and arrival time; ``PurchaseStoreError/Code/notFound``
    /// when none has the id.
    func updateInbox(_ notification: InboxNotification) async throws
    /// Marks a stored notification applied at `at` (one more attempt, no error, recorded as an
    /// ``InboxAttempt``). Throws when none has the id.
    func markInboxProcessed(id: String, at: Timestamp) async throws
    /// Records a failed attempt at `at` at a stored notification (counted, its error kept as the
    /// last and in an ``InboxAttempt``), unless it was applied meanwhile. Returns whether it was
    /// marked.
    @discardableResult
    func markInboxFailed(id: String, error: String, at: Timestamp) async throws -> Bool
    /// Marks a stored notification rejected at `at` (it can never be applied): counted, the reason
    /// kept as the last error and in an ``InboxAttempt``, unless it was applied meanwhile. Returns
    /// whether it was marked.
    @discardableResult
    func markInboxRejected(id: String, reason: String, at: Timestamp) async throws -> Bool
}

/// A notification body as received, kept before Apple gets its 2xx.
public struct InboxNotification: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        /// Stored, not yet processed.
        case received
        /// Applied.
        case processed
        /// Processing failed in a way a retry may fix.
        case failed
        /// Can never be processed (bad signature, wrong app): recorded and acknowledged.
        case rejected
    }

    /// `notificationUUID` for V2; a digest of the body for V1.
    public var id: String
    public var appId: String
    /// 1 or 2.
    public var version: Int
    public var body: Data
    public var receivedAt: Timestamp
    public var status: Status
    public var attempts: Int
    public var lastError: String?
    public var notificationType: String?
    public var subtype: String?
    public var signedDate: Timestamp?
    public var processedAt: Timestamp?
    /// The environment the notification names (`Sandbox`, `Production`), when it was read.
    public var environment: String?
    /// How many times the same notification arrived again after it was stored (Apple's
    /// retries, duplicate deliveries); counted by ``InboxQueryStoreWriter/recordInboxDuplicate(id:)``
    /// and left unchanged by ``InboxStoreWriter/updateInbox(_:)``.
    public var duplicates: Int
    /// The purchase the notification is about and the `appAccountToken` its transaction carries,
    /// when it was read from the verified body. Not stored (a read answers `nil`): it tells
    /// ``InboxStoreWriter/insertInbox(_:)`` whose owner the applying that follows reads first,
    /// so a store may read it with the insert.
    public var purchase: OwnerCandidatesKey?

    public init(
        id: String, appId: String, version: Int, body: Data, receivedAt: Timestamp, status: Status = .received,
        attempts: Int = 0, lastError: String? = nil, notificationType: String? = nil, subtype: String? = nil,
        signedDate: Timestamp? = nil, processedAt: Timestamp? = nil, environment: String? = nil, duplicates: Int = 0,
        purchase: OwnerCandidatesKey? = nil
    ) {
        self.id = id
        self.appId = appId
        self.version = version
        self.body = body
        self.receivedAt = receivedAt
        self.status = status
        self.attempts = attempts
        self.lastError = lastError
        self.notificationType = notificationType
        self.subtype = subtype
        self.signedDate = signedDate
        self.processedAt = processedAt
        self.environment = environment
        self.duplicates = duplicates
        self.purchase = purchase
    }
}

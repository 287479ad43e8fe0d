import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// Every table of the memory store, as one value: a read works on a copy (a consistent
/// snapshot), a write on a copy it commits whole or drops. Its methods, one extension per
/// aggregate, copy the SQL store's semantics: the same orders, limits, conflicts and errors.
struct MemoryStoreState: Sendable {
    var customers: [CustomerID: Customer] = [:]
    var orders: [UUID: Order] = [:]
    /// `appAccountToken` → order ID: the token is unique, like the SQL index.
    var orderIdsByToken: [UUID: UUID] = [:]
    var transactions: [MemoryKey: StoredTransaction] = [:]
    var owners: [MemoryKey: CustomerID] = [:]
    var subscriptions: [MemoryKey: StoredSubscription] = [:]
    /// In the order given to `replaceGrants`.
    var grants: [CustomerID: [EntitlementGrant]] = [:]
    /// Booked entries in booking order, each with its sequence number (the SQL `id`).
    var journal: [(id: Int64, entry: JournalEntry)] = []
    /// Idempotency key → index in ``journal``.
    var journalIndex: [String: Int] = [:]
    var nextJournalId: Int64 = 1
    /// Account name → materialized balance. A row, once created, stays (at zero when emptied),
    /// as a SQL balance row does.
    var balances: [String: (account: LedgerAccount, balance: Int64)] = [:]
    /// Events in append order, each with its sequence number (the SQL `seq`).
    var audit: [(seq: Int64, event: AuditEvent)] = []
    var auditIds: Set<UUID> = []
    /// The event feed in append order (the SQL `feed_events`); sequence `i + 1` at index `i`.
    var feed: [(stream: String, event: FeedEvent)] = []
    var feedIds: Set<String> = []
    var inbox: [String: InboxNotification] = [:]
    /// Entry id → its latest attempts, oldest first.
    var inboxAttempts: [String: [InboxAttempt]] = [:]
    var consumptionRefusals: [MemoryRefusalKey: ConsumptionRefusal] = [:]
    /// The customers linked to each Apple account, with when (`apple_accounts`).
    var appleAccounts: [AppleAccountKey: [CustomerID: Timestamp]] = [:]
    var massExtensions: [MemoryMassExtensionKey: MassExtensionRecord] = [:]
    var outbox: [UUID: OutboxMessage] = [:]
    var watermarks: [String: String] = [:]
    var leases: [String: MemoryLease] = [:]
    /// Job → slice start (ms) → slice (the SQL `recovery_slices`).
    var recoverySlices: [String: [Int64: RecoverySlice]] = [:]
    /// Hash → key.
    var apiKeys: [String: APIKeyRecord] = [:]
    /// Name → operator.
    var operators: [String: Operator] = [:]
    /// App ID → idempotency key → record.
    var adminActions: [String: [String: AdminActionRecord]] = [:]
    var operatorGrants: [UUID: OperatorGrant] = [:]
    var figures = MemoryFigures()
    var analytics = MemoryAnalytics()
    /// Id hash → console session.
    var consoleSessions: [String: ConsoleSession] = [:]
    /// Group → request identifier (lowercase text) → claim (the SQL `seat_claims`).
    var seatClaims: [PurchaseKey: [String: SeatClaim]] = [:]
    var retention = MemoryRetention()
    /// Import jobs and their rows by ordinal (`import_jobs`, `import_rows`).
    var importJobs: [UUID: ImportJob] = [:]
    var importRows: [UUID: [ImportJobRow]] = [:]
}

/// An Apple record's key: environment and a transaction or original transaction ID.
struct MemoryKey: Hashable, Sendable {
    var environment: String
    var id: String

    init(_ environment: AppStoreEnvironment, _ id: String) {
        self.environment = environment.rawValue
        self.id = id
    }
}

/// A named lease between instances.
struct MemoryLease: Sendable {
    var owner: String
    var expiresAt: Timestamp
    var acquiredAt: Timestamp
}

/// How the SQL store compares and refuses text, so the memory store orders and refuses alike.
enum MemoryText {
    /// `ORDER BY` on text compares bytes (SQLite's BINARY collation, PostgreSQL's "C" columns).
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.precedesInByteOrder(b)
    }

    /// A UUID as the SQL store keeps it: lowercase text.
    static func text(_ id: UUID) -> String { id.lowercasedString }

    /// Refuses text holding U+0000 with ``PurchaseStoreError/Code/nulInText``, as every SQL backend does
    /// before a statement runs (PostgreSQL's `TEXT` cannot hold it). Pass every value the SQL
    /// store binds as text; JSON columns (audit details, API key scopes) escape it and are not.
    static func refuseNUL(_ values: String?...) throws(PurchaseStoreError) {
        for case let value? in values where value.utf8.contains(0) {
            throw PurchaseStoreError(.nulInText, "a text value contains U+0000 (NUL), which PostgreSQL's TEXT cannot hold")
        }
    }
}

extension MemoryStoreState {
    /// Compares two rows by a list of keys, the first that differs deciding, like `ORDER BY`.
    static func ordered<T>(_ a: T, _ b: T, by keys: [(T, T) -> ComparisonResult]) -> Bool {
        for key in keys {
            switch key(a, b) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return false
    }

    static func compare<V: Comparable>(_ a: V, _ b: V) -> ComparisonResult {
        a < b ? .orderedAscending : (b < a ? .orderedDescending : .orderedSame)
    }

    static func compareText(_ a: String, _ b: String) -> ComparisonResult {
        MemoryText.precedes(a, b) ? .orderedAscending : (MemoryText.precedes(b, a) ? .orderedDescending : .orderedSame)
    }

    /// The first `limit` of `rows`, refusing a negative limit as the SQL store does.
    static func limited<T>(_ rows: [T], _ limit: Int) throws(PurchaseStoreError) -> [T] {
        try PurchaseStoreError.checkLimit(limit)
        return Array(rows.prefix(limit))
    }
}

public import AppStoreModels
import Foundation
public import Logging
import Storekeeper
public import StorekeeperStore

/// ``PurchaseStore`` written once in SQL, running unchanged on every ``SQLDatabase`` backend:
/// embedded SQLite (the default) and PostgreSQL (several Storekeeper instances sharing one
/// database).
///
/// ```swift
/// // SQLite
/// let database = try await SQLiteDatabase.open(path: "/var/lib/storekeeper/store.sqlite", logger: logger)
/// // or PostgreSQL (a ServiceLifecycle service: run it in the service group)
/// let database = try PostgreSQLDatabase(url: "postgres://storekeeper@db/storekeeper", logger: logger)
///
/// let store = SQLPurchaseStore(database: database, logger: logger)
/// try await store.migrate()
/// let balance = try await store.write { tx in try await tx.post(entry, requireNonNegative: true) }
/// ```
///
/// - `write` runs its body in one database transaction and retries the whole body, a bounded
///   number of times, when the database reports a retryable conflict (serialization failure,
///   deadlock, busy); the body must therefore do nothing but database work.
/// - Everything it throws is a ``PurchaseStoreError``: the database's ``SQLError``s are
///   translated at this boundary (per call, so a body catching one sees the store's error too),
///   each kept as the error's `underlying` for logs.
/// - Every statement's text is constant, so each backend's statement cache serves it.
/// - Replays are no-ops through natural unique keys; see ``StoreSchema`` for the tables.
public struct SQLPurchaseStore: PurchaseStore {
    public struct Configuration: Sendable {
        /// How many times `write` and `read` run their body at most when the database keeps
        /// reporting a retryable conflict. At least 1.
        public var maxAttempts: Int = 8
        /// The pause before the second attempt; it doubles with every further attempt (with
        /// jitter), up to ``maxRetryDelay``.
        public var retryDelay: Duration = .milliseconds(2)
        public var maxRetryDelay: Duration = .milliseconds(200)
        /// The clock for the store's own bookkeeping columns (`recorded_at`, `updated_at`).
        /// Business times come from the records themselves.
        public var now: any WallClock = SystemClock()
        /// How `write` waits between attempts (injected so tests need not sleep).
        public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

        public init() {}
    }

    /// The database the store runs on.
    public let database: any SQLDatabase
    public let configuration: Configuration
    private let logger: Logger

    public init(database: any SQLDatabase, configuration: Configuration = Configuration(), logger: Logger) {
        self.database = database
        self.configuration = configuration
        self.logger = logger
    }

    /// The store's schema; see ``StoreSchema``.
    public static var migrations: [Migration] { StoreSchema.migrations }

    /// Brings the schema up to date; safe to call from several instances at once and again
    /// on every start.
    @discardableResult
    public func migrate() async throws -> Migrator.Report {
        try await PurchaseStoreError.translating {
            try await Migrator(migrations: Self.migrations, logger: logger).migrate(database)
        }
    }

    public nonisolated(nonsending) func write<T>(
        _ body: nonisolated(nonsending) (any PurchaseStoreTransaction) async throws -> T
    ) async throws -> T {
        try await retrying("write") {
            try await PurchaseStoreError.translating {
                try await database.write { sql in try await body(SQLStoreTransaction(sql: sql, now: configuration.now)) }
            }
        }
    }

    /// Retried like `write` (a read can meet a busy SQLite file another process is checkpointing).
    public nonisolated(nonsending) func read<T>(
        _ body: nonisolated(nonsending) (any PurchaseStoreReader) async throws -> T
    ) async throws -> T {
        try await retrying("read") {
            try await PurchaseStoreError.translating {
                try await database.read { sql in try await body(SQLStoreReader(sql: sql)) }
            }
        }
    }

    /// Runs `transaction` again, after a growing pause, while it fails with a retryable
    /// ``PurchaseStoreError`` and attempts remain; any other error, or the last one, is thrown as it is.
    private nonisolated(nonsending) func retrying<T>(
        _ kind: String, _ transaction: nonisolated(nonsending) () async throws -> T
    ) async throws -> T {
        let attempts = max(1, configuration.maxAttempts)
        var attempt = 1
        while true {
            do {
                return try await transaction()
            } catch let error as PurchaseStoreError where error.isRetryable && attempt < attempts {
                let delay = retryDelay(after: attempt)
                logger.debug(
                    "Retrying a store transaction after a retryable conflict",
                    metadata: [
                        "storekeeper.store.transaction": "\(kind)", "storekeeper.store.attempt": "\(attempt)",
                        "storekeeper.store.error_code": "\(error.code)", "storekeeper.store.retry_delay": "\(delay)",
                    ])
                attempt += 1
                try await configuration.sleep(delay)
            }
        }
    }

    /// Exponential backoff with full jitter in its upper half: `base × 2^(attempt-1)`, capped.
    private func retryDelay(after attempt: Int) -> Duration {
        let base = configuration.retryDelay * (1 << min(attempt - 1, 16))
        let capped = min(base, configuration.maxRetryDelay)
        return capped * Double.random(in: 0.5...1.0)
    }
}

import AppStoreModels
import Foundation
public import Logging
import PostgresNIO
import Storekeeper
import StorekeeperPostgres
public import StorekeeperSQL
import StorekeeperSQLite
public import Testing

/// A database backend the store contract runs on: SQLite always, PostgreSQL when
/// `STOREKEEPER_TEST_POSTGRES_URL` is set (`export STOREKEEPER_TEST_POSTGRES_URL=$(scripts/start-test-postgres.sh)`).
public enum StoreTestBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgresql

    public var testDescription: String { rawValue }

    /// The backends to run on. Without `STOREKEEPER_TEST_POSTGRES_URL` a notice says that every
    /// PostgreSQL case is skipped.
    public static let available: [StoreTestBackend] = {
        if StoreTestPostgres.url != nil { return [.sqlite, .postgresql] }
        print(
            "NOTICE: STOREKEEPER_TEST_POSTGRES_URL is not set; the store contract runs on SQLite only and every "
                + "PostgreSQL case is SKIPPED. Run: export STOREKEEPER_TEST_POSTGRES_URL=$(scripts/start-test-postgres.sh)")
        return [.sqlite]
    }()

    /// Runs `body` with a fresh store of this backend, migrated unless `migrated` is `false`, and
    /// a second instance on the same data, disposing of the database afterwards.
    public func withStore(
        configuration: SQLPurchaseStore.Configuration = StoreTestBackend.testConfiguration,
        migrated: Bool = true,
        _ body: @Sendable (StoreTestDatabase) async throws -> Void
    ) async throws {
        switch self {
        case .sqlite:
            try await StoreTestGate.sqlite.run {
                let database = try await SQLiteDatabase.temporary(logger: StoreTestLogger.logger)
                let store = SQLPurchaseStore(database: database, configuration: configuration, logger: StoreTestLogger.logger)
                do {
                    if migrated { try await store.migrate() }
                    // One process owns a SQLite file: the "other instance" is the same store.
                    try await body(StoreTestDatabase(store: store, otherInstance: store))
                } catch {
                    await database.close()
                    throw error
                }
                await database.close()
            }
        case .postgresql:
            let url = try #require(StoreTestPostgres.url, "STOREKEEPER_TEST_POSTGRES_URL is not set")
            try await StoreTestGate.postgresql.run {
                try await StoreTestPostgres.withSchema(url: url, configuration: configuration, migrated: migrated, body)
            }
        }
    }

    /// Fast retries, so conflict-heavy tests do not sleep long.
    public static let testConfiguration: SQLPurchaseStore.Configuration = {
        var configuration = SQLPurchaseStore.Configuration()
        configuration.maxAttempts = 20
        configuration.retryDelay = .milliseconds(1)
        configuration.maxRetryDelay = .milliseconds(20)
        return configuration
    }()
}

/// A store under test.
public struct StoreTestDatabase: Sendable {
    public let store: SQLPurchaseStore
    /// A second store on the same data: on PostgreSQL its own connection pool, as a second
    /// Storekeeper instance would have; on SQLite the same store (one process owns the file).
    public let otherInstance: SQLPurchaseStore

    public var context: StoreContractContext { StoreContractContext(store: store, otherInstance: otherInstance) }
}

public enum StoreTestLogger {
    /// Logs nothing unless `STOREKEEPER_TEST_LOG_LEVEL` is set (e.g. `debug`); no global bootstrap.
    public static let logger: Logger = {
        let name = ProcessInfo.processInfo.environment["STOREKEEPER_TEST_LOG_LEVEL"]
        guard let level = name.flatMap({ Logger.Level(rawValue: $0) }) else {
            return Logger(label: "storekeeper.store.tests", factory: { _ in SwiftLogNoOpLogHandler() })
        }
        var logger = Logger(label: "storekeeper.store.tests", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = level
        return logger
    }()
}

public enum StoreTestPostgres {
    /// `STOREKEEPER_TEST_POSTGRES_URL`, e.g. `postgres://postgres@127.0.0.1:5432/storekeeper_test`.
    public static let url: String? = {
        let value = ProcessInfo.processInfo.environment["STOREKEEPER_TEST_POSTGRES_URL"]
        return value?.isEmpty == false ? value : nil
    }()

    /// Runs `body` with two stores (two connection pools) in a schema of its own, dropped
    /// afterwards, so cases run in parallel on one database.
    static func withSchema(
        url: String, configuration: SQLPurchaseStore.Configuration, migrated: Bool,
        _ body: @Sendable (StoreTestDatabase) async throws -> Void
    ) async throws {
        let schema = "store_" + UUID.random().lowercasedString.replacingOccurrences(of: "-", with: "")
        try await administer(url: url, "CREATE SCHEMA \(schema)")
        let makeDatabase: @Sendable () throws -> PostgreSQLDatabase = {
            var pool = try PostgreSQLDatabase.configuration(url: url)
            pool.options.additionalStartupParameters.append(("search_path", schema))
            pool.options.maximumConnections = 16
            // A minute to lend a connection: the contract's concurrency cases queue a hundred
            // writers on one row behind sixteen connections, which on a busy two-core machine
            // takes longer than the production default of ten seconds.
            return PostgreSQLDatabase(configuration: pool, leaseTimeout: .seconds(60), logger: StoreTestLogger.logger)
        }
        let first = try makeDatabase()
        let second = try makeDatabase()
        let result: Result<Void, any Error>
        do {
            try await first.withRunning {
                try await second.withRunning {
                    let store = SQLPurchaseStore(database: first, configuration: configuration, logger: StoreTestLogger.logger)
                    let other = SQLPurchaseStore(database: second, configuration: configuration, logger: StoreTestLogger.logger)
                    if migrated { try await store.migrate() }
                    try await body(StoreTestDatabase(store: store, otherInstance: other))
                }
            }
            result = .success(())
        } catch {
            result = .failure(error)
        }
        try await administer(url: url, "DROP SCHEMA \(schema) CASCADE")
        try result.get()
    }

    /// Runs one statement (DDL, roles) on a short-lived pool of `url`.
    public static func administer(url: String, _ statement: String) async throws {
        let admin = try PostgreSQLDatabase(url: url, logger: StoreTestLogger.logger)
        try await admin.withRunning {
            try await admin.write { tx in try await tx.execute(statement) }
        }
    }
}

/// Bounds how many store cases hold a database at once: swift-testing starts every case of a
/// parameterized test together, and each PostgreSQL case opens two pools.
///
/// ``stacks`` bounds the end-to-end tests' running stacks (a simulator and a Storekeeper, each
/// with its own event loops and pool) the same way: started all at once, hundreds of them
/// starve two cores and the test PostgreSQL, and time-bound steps (the simulator's 10 s delivery
/// timeout, a pool's lease timeout) fail for want of CPU, not for a fault. Never nest two
/// `stacks.run` calls: the inner one could wait forever for a slot its own outer one holds.
public actor StoreTestGate {
    static let sqlite = StoreTestGate(limit: 4)
    static let postgresql = StoreTestGate(limit: 3)
    public static let stacks = StoreTestGate(limit: 8)

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    public nonisolated func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await enter()
        do {
            let value = try await body()
            await leave()
            return value
        } catch {
            await leave()
            throw error
        }
    }

    private func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

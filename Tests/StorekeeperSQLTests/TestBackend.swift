import Foundation
import Logging
import PostgresNIO
import StorekeeperPostgres
import StorekeeperSQL
import StorekeeperSQLite
import Testing

/// A backend the contract suite runs on.
enum TestBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgresql

    var testDescription: String { rawValue }

    /// The backends to run the contract on: SQLite always, PostgreSQL when
    /// `STOREKEEPER_TEST_POSTGRES_URL` is set. Without it a notice is printed, and the
    /// PostgreSQL-only suite reports its tests as skipped with the reason.
    static let available: [TestBackend] = {
        if TestPostgres.url != nil { return [.sqlite, .postgresql] }
        print(
            "NOTICE: STOREKEEPER_TEST_POSTGRES_URL is not set; the SQL contract runs on SQLite only and every PostgreSQL test is SKIPPED. Run: export STOREKEEPER_TEST_POSTGRES_URL=$(scripts/start-test-postgres.sh)"
        )
        return [.sqlite]
    }()

    /// Runs `body` against a fresh, empty database of this backend and disposes of it afterwards.
    ///
    /// PostgreSQL needs `STOREKEEPER_TEST_POSTGRES_URL` (see `scripts/start-test-postgres.sh`).
    func withDatabase(_ body: @Sendable (TestDatabase) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let database = try await SQLiteDatabase.temporary(logger: TestLogger.logger)
            do {
                try await body(TestDatabase(database: database, instance: nil))
            } catch {
                await database.close()
                throw error
            }
            await database.close()
        case .postgresql:
            let url = try #require(TestPostgres.url, "STOREKEEPER_TEST_POSTGRES_URL is not set")
            try await TestPostgres.withSchema(url: url, body)
        }
    }
}

/// A database under test, and a way to open another instance on the same data (PostgreSQL: a
/// second client, as a second Storekeeper instance would).
struct TestDatabase: Sendable {
    typealias Configure = @Sendable (inout PostgresClient.Configuration) -> Void

    let database: any SQLDatabase
    /// Opens another PostgreSQL instance on the same schema, its client configuration adjusted.
    let instance: (@Sendable (_ preparedStatements: Bool, _ configure: Configure) throws -> PostgreSQLDatabase)?

    /// Another PostgreSQL instance on the same schema.
    func otherInstance(preparedStatements: Bool = true, _ configure: Configure = { _ in }) throws -> PostgreSQLDatabase {
        let instance = try #require(instance, "only PostgreSQL databases have other instances")
        return try instance(preparedStatements, configure)
    }
}

enum TestLogger {
    /// Logs nothing unless `STOREKEEPER_TEST_LOG_LEVEL` is set (e.g. `debug`); no global bootstrap.
    static let logger: Logger = {
        let name = ProcessInfo.processInfo.environment["STOREKEEPER_TEST_LOG_LEVEL"]
        guard let level = name.flatMap({ Logger.Level(rawValue: $0) }) else {
            return Logger(label: "storekeeper.sql.tests", factory: { _ in SwiftLogNoOpLogHandler() })
        }
        var logger = Logger(label: "storekeeper.sql.tests", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = level
        return logger
    }()
}

enum TestPostgres {
    /// `STOREKEEPER_TEST_POSTGRES_URL`, e.g. `postgres://postgres@127.0.0.1:5432/storekeeper_test`.
    static let url: String? = {
        let value = ProcessInfo.processInfo.environment["STOREKEEPER_TEST_POSTGRES_URL"]
        return value?.isEmpty == false ? value : nil
    }()

    static let skipReason: Comment =
        "STOREKEEPER_TEST_POSTGRES_URL is not set: PostgreSQL tests are skipped (start one with scripts/start-test-postgres.sh)"

    /// Runs `body` in a schema of its own (its name in `search_path`), dropped afterwards, so
    /// tests can run in parallel on one database.
    static func withSchema(url: String, _ body: @Sendable (TestDatabase) async throws -> Void) async throws {
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgreSQLDatabase(url: url, logger: TestLogger.logger)
        try await admin.withRunning {
            try await admin.write { tx in try await tx.execute("CREATE SCHEMA \(schema)") }
        }
        let makeInstance: @Sendable (Bool, TestDatabase.Configure) throws -> PostgreSQLDatabase = { preparedStatements, configure in
            var configuration = try PostgreSQLDatabase.configuration(url: url)
            configuration.options.additionalStartupParameters.append(("search_path", schema))
            configure(&configuration)
            // A generous lease timeout: tests that queue hundreds of transactions behind one lock
            // must not time out waiting for a connection while the whole suite loads the machine.
            return PostgreSQLDatabase(
                configuration: configuration, leaseTimeout: .seconds(60), preparedStatements: preparedStatements, logger: TestLogger.logger)
        }
        let database = try makeInstance(true) { _ in }
        let result: Result<Void, any Error>
        do {
            try await database.withRunning {
                try await body(TestDatabase(database: database, instance: makeInstance))
            }
            result = .success(())
        } catch {
            result = .failure(error)
        }
        let cleanup = try PostgreSQLDatabase(url: url, logger: TestLogger.logger)
        try await cleanup.withRunning {
            try await cleanup.write { tx in try await tx.execute("DROP SCHEMA \(schema) CASCADE") }
        }
        try result.get()
    }
}

struct TestError: Error, Equatable {}

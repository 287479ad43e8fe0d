import Foundation
import PostgresNIO
import StorekeeperSQL
import StorekeeperTesting
import Synchronization
import Testing

@testable import StorekeeperPostgres

/// PostgreSQL-only behaviour: several instances sharing one database.
@Suite("PostgreSQL backend", .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason), .timeLimit(.minutes(2)))
struct PostgresDatabaseTests {
    @Test func twoInstancesMigratingAtOnceApplyEachMigrationOnce() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            // The second migration would fail if it ran twice (the rows' sku is unique).
            let reports = try await withThrowingTaskGroup(of: Migrator.Report.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let other = try test.otherInstance()
                        return try await other.withRunning { try await SQLContractTests.migrator().migrate(other) }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(reports.flatMap(\.applied).sorted() == [1, 2])
            #expect(reports.allSatisfy { $0.currentVersion == 2 })
            let count = try await test.database.read { tx in try await tx.query("SELECT COUNT(*) FROM products")[0].int64(0) }
            #expect(count == 2)
        }
    }

    @Test func advisoryLocksSerializeInstances() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            let other = try test.otherInstance()
            try await test.database.write { tx in
                try await tx.executeScript("CREATE TABLE log (seq BIGINT PRIMARY KEY, holder TEXT NOT NULL)")
            }
            try await other.withRunning {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (name, database) in [("a", test.database), ("b", other as any SQLDatabase)] {
                        group.addTask {
                            for _ in 0..<20 {
                                try await database.write { tx in
                                    try await tx.advisoryLock(SQLAdvisoryLock.key(for: "storekeeper.test.log"))
                                    let next = try await tx.query("SELECT COALESCE(MAX(seq), 0) + 1 FROM log")[0].int64(0)
                                    try await tx.execute("INSERT INTO log (seq, holder) VALUES ($1, $2)", [.integer(next), .text(name)])
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let count = try await test.database.read { tx in try await tx.query("SELECT COUNT(*), MAX(seq) FROM log")[0] }
            #expect(try count.int64(0) == 40)
            #expect(try count.int64(1) == 40)
        }
    }

    /// Advisory locks belong to the whole PostgreSQL database; Storekeeper scopes its keys to its
    /// schema, so deployments (or tests) in different schemas never wait on each other. Held in
    /// one schema, the same key is taken at once in another; within one schema it still excludes
    /// (`advisoryLocksSerializeInstances`).
    @Test func advisoryLocksInDifferentSchemasDoNotExcludeEachOther() async throws {
        let key = SQLAdvisoryLock.key(for: "storekeeper.test.schema-scoped")
        try await TestBackend.postgresql.withDatabase { first in
            try await TestBackend.postgresql.withDatabase { second in
                let (held, heldSignal) = AsyncStream<Void>.makeStream()
                let (release, releaseSignal) = AsyncStream<Void>.makeStream()
                let holder = Task {
                    try await first.database.write { tx in
                        try await tx.advisoryLock(key)
                        heldSignal.yield()
                        for await _ in release { break }
                    }
                }
                for await _ in held { break }
                // Without the schema scope this waits until the holder ends, which it does only
                // after this returns: `finishes` reports that as false after its limit.
                let tookIt = await finishes(within: .seconds(60)) {
                    try? await second.database.write { tx in try await tx.advisoryLock(key) }
                }
                releaseSignal.yield()
                try await holder.value
                #expect(tookIt, "a lock held in another schema blocked this one")
            }
        }
    }

    @Test func advisoryLockNamespaceFollowsTheSchema() throws {
        func namespace(_ url: String) throws -> Int64 {
            PostgreSQLDatabase.advisoryLockNamespace(try PostgreSQLDatabase.configuration(url: url))
        }
        let base = "postgres://storekeeper@127.0.0.1:5432/storekeeper"
        // The default schema keeps the keys every earlier version took, so a rolling upgrade's
        // old and new instances still exclude each other.
        #expect(try namespace(base) == 0)
        #expect(try namespace(base + "?schema=public") == 0)
        #expect(try namespace(base + "?schema=tenant_a") != 0)
        #expect(try namespace(base + "?schema=tenant_a") == namespace(base + "?schema=tenant_a"))
        #expect(try namespace(base + "?schema=tenant_a") != namespace(base + "?schema=tenant_b"))
    }

    /// A transaction whose task is cancelled keeps its connection until it ends: with a pool of
    /// one connection, a second transaction must wait for it, not slip into it.
    @Test func aCancelledTransactionKeepsItsConnectionUntilItEnds() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            let single = try test.otherInstance { $0.options.maximumConnections = 1 }
            try await single.withRunning {
                try await single.write { tx in try await tx.executeScript("CREATE TABLE marks (id BIGINT PRIMARY KEY)") }
                let (started, startedSignal) = AsyncStream<Void>.makeStream()
                let first = Task {
                    try await single.write { tx in
                        let transactionID = try await tx.query("SELECT txid_current()")[0].int64(0)
                        try await tx.execute("INSERT INTO marks (id) VALUES (1)")
                        startedSignal.yield()
                        try? await Task.sleep(for: .seconds(5))  // cut short by the cancellation
                        // Statements sent after the cancellation still run: the transaction goes on.
                        _ = try await tx.query("SELECT pg_sleep(0.2)")
                        _ = try await tx.query("SELECT pg_sleep(0.2)")
                        try await tx.execute("INSERT INTO marks (id) VALUES (2)")
                        return transactionID
                    }
                }
                // Cancelled once it holds the connection (not while still waiting for it).
                for await _ in started { break }
                first.cancel()
                let second = try await single.write { tx in
                    let transactionID = try await tx.query("SELECT txid_current()")[0].int64(0)
                    let count = try await tx.query("SELECT COUNT(*) FROM marks")[0].int64(0)
                    try await tx.execute("INSERT INTO marks (id) VALUES (3)")
                    return (transactionID, count)
                }
                let firstID = try await first.value
                #expect(second.0 != firstID, "the second transaction ran inside the first")
                #expect(second.1 == 2)
                let ids = try await single.read { tx in try await tx.query("SELECT id FROM marks ORDER BY id").map { try $0.int64(0) } }
                #expect(ids == [1, 2, 3])
            }
        }
    }

    /// A pool of one connection held by another transaction: a transaction waits for a
    /// connection no longer than the lease timeout, then fails with a connection failure; its
    /// withdrawn lease request does not take the connection when it comes free.
    @Test func aTransactionWaitsForAConnectionNoLongerThanTheLeaseTimeout() async throws {
        let timeout = Duration.milliseconds(500)
        let single = try Self.singleConnection(leaseTimeout: timeout)
        try await single.withRunning {
            try await Self.holdingTheOnlyConnection(of: single) {
                let started = ContinuousClock.now
                let error = await #expect(throws: SQLError.self) { try await single.read { tx in try await tx.query("SELECT 1") } }
                let waited = ContinuousClock.now - started
                #expect(error?.code == .connectionFailure)
                #expect(
                    error?.reason.contains("no PostgreSQL connection became available within") == true, "\(String(describing: error))")
                #expect(waited >= timeout && waited < timeout + .seconds(30), "waited \(waited)")
            }
            let next = try await single.read { tx in try await tx.query("SELECT 1")[0].int64(0) }
            #expect(next == 1)
            #expect(single.leaseDeadlines.pendingCount == 0)
        }
    }

    /// A transaction cancelled while it waits for a connection stops waiting at once.
    @Test func aTransactionCancelledWhileWaitingForAConnectionStopsWaiting() async throws {
        let single = try Self.singleConnection(leaseTimeout: .seconds(60))
        try await single.withRunning {
            try await Self.holdingTheOnlyConnection(of: single) {
                let waiter = Task { try await single.read { tx in try await tx.query("SELECT 2")[0].int64(0) } }
                try await Task.sleep(for: .milliseconds(200))
                waiter.cancel()
                let result = try await Self.finishing(within: .seconds(10)) { try await waiter.value }
                let error = result.error as? SQLError
                #expect(error?.code == .connectionFailure, "\(result)")
                #expect(error?.reason.contains("cancelled while waiting") == true, "\(result)")
            }
            let next = try await single.read { tx in try await tx.query("SELECT 3")[0].int64(0) }
            #expect(next == 3)
        }
    }

    /// Runs `body` while a transaction holds `database`'s one connection, which it ends afterwards.
    static func holdingTheOnlyConnection(
        of database: PostgreSQLDatabase, _ body: @Sendable () async throws -> Void
    ) async throws {
        // The pool's connection opened first: on a loaded machine opening it can take longer
        // than a short lease timeout (the pool goes on connecting after a lease gives up).
        for _ in 0..<40 {
            if (try? await database.read({ tx in try await tx.query("SELECT 1") })) != nil { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        let (holding, holdingSignal) = AsyncStream<Void>.makeStream()
        let (release, releaseSignal) = AsyncStream<Void>.makeStream()
        let holder = Task {
            // Ends the wait below when the transaction fails before it holds the connection.
            defer { holdingSignal.finish() }
            return try await database.read { tx in
                holdingSignal.yield()
                for await _ in release { break }
                return try await tx.query("SELECT 1").count
            }
        }
        var held = false
        for await _ in holding {
            held = true
            break
        }
        defer { releaseSignal.finish() }
        guard held else {
            _ = try await holder.value
            Issue.record("the holding transaction ended without its connection")
            return
        }
        try await body()
        releaseSignal.yield()
        #expect(try await holder.value == 1)
    }

    /// A database of the test server (its default schema) with a pool of one connection.
    static func singleConnection(leaseTimeout: Duration) throws -> PostgreSQLDatabase {
        var configuration = try PostgreSQLDatabase.configuration(url: try #require(TestPostgres.url))
        configuration.options.maximumConnections = 1
        return PostgreSQLDatabase(configuration: configuration, leaseTimeout: leaseTimeout, logger: TestLogger.logger)
    }

    /// The server ends a transaction's connection (a restart, `pg_terminate_backend`, a network
    /// cut): the transaction's next statement fails at once with a connection failure. Before,
    /// a statement sent on a connection that had closed waited forever (PostgresNIO drops it
    /// silently), which held the request, and any server shutdown, with it.
    @Test func aStatementOnAConnectionTheServerClosedFails() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            let database = test.database
            let admin = try test.otherInstance()
            try await admin.withRunning {
                let result = try await Self.finishing(within: .seconds(30)) {
                    try await database.write { tx in
                        let pid = try await tx.query("SELECT pg_backend_pid()")[0].int64(0)
                        try await admin.write { try await $0.query("SELECT pg_terminate_backend($1::int)", [.integer(pid)]) }
                        // Let the client see the connection go.
                        try await Task.sleep(for: .milliseconds(300))
                        _ = try await tx.query("SELECT 1")
                    }
                }
                #expect(throws: SQLError.self) { try result.get() }
                #expect((result.error as? SQLError)?.code == .connectionFailure, "\(result)")
            }
        }
    }

    /// The pool stops (graceful shutdown) while a transaction holds a connection: the pool closes
    /// it, and the transaction ends with a connection failure instead of waiting forever.
    @Test func aTransactionOutlivingItsPoolEnds() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            let other = try test.otherInstance()
            let pool = Task { await other.run() }
            let (inside, insideSignal) = AsyncStream<Void>.makeStream()
            let (resume, resumeSignal) = AsyncStream<Void>.makeStream()
            let transaction = Task {
                try await other.write { tx in
                    _ = try await tx.query("SELECT 1")
                    insideSignal.yield()
                    for await _ in resume { break }
                    _ = try await tx.query("SELECT 2")
                }
            }
            for await _ in inside { break }
            pool.cancel()
            // Let the pool close the leased connection before the transaction goes on.
            try await Task.sleep(for: .milliseconds(300))
            resumeSignal.yield()
            let result = try await Self.finishing(within: .seconds(30)) { try await transaction.value }
            #expect((result.error as? SQLError)?.code == .connectionFailure, "\(result)")
            _ = await pool.value
        }
    }

    /// What `body` returned or threw, or a failed test (not a hung suite) if it is still running
    /// after `limit`.
    static func finishing<T: Sendable>(
        within limit: Duration, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> Result<T, any Error> {
        let outcome = Mutex<CheckedContinuation<Result<T, any Error>?, Never>?>(nil)
        let finish: @Sendable (Result<T, any Error>?) -> Void = { value in
            outcome.withLock { continuation in
                continuation?.resume(returning: value)
                continuation = nil
            }
        }
        let result = await withCheckedContinuation { continuation in
            outcome.withLock { $0 = continuation }
            Task {
                do { finish(.success(try await body())) } catch { finish(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: limit)
                finish(nil)
            }
        }
        return try #require(result, "still running after \(limit): a statement waits on a closed connection")
    }

    /// Statements run as named prepared statements on each connection, the rows an `INSERT`,
    /// `UPDATE` or `DELETE` changed still counted; with prepared statements off, none is.
    @Test(arguments: [true, false])
    func statementsArePreparedPerConnection(_ preparedStatements: Bool) async throws {
        try await TestBackend.postgresql.withDatabase { test in
            try await test.database.write { tx in try await tx.executeScript("CREATE TABLE counted (n BIGINT PRIMARY KEY)") }
            let database = try test.otherInstance(preparedStatements: preparedStatements)
            let insert = "INSERT INTO counted (n) VALUES ($1), ($2) ON CONFLICT DO NOTHING;"
            let (changes, prepared) = try await database.withRunning {
                try await database.write { tx in
                    let changes = [
                        try await tx.execute(insert, [.integer(1), .integer(2)]),
                        try await tx.execute(insert, [.integer(2), .integer(3)]),
                        try await tx.execute("UPDATE counted SET n = n + 10 WHERE n > $1", [.integer(1)]),
                        try await tx.execute("DELETE FROM counted WHERE n = $1", [.integer(99)]),
                    ]
                    _ = try await tx.query("SELECT n FROM counted WHERE n > $1", [.integer(0)])
                    let rows = try await tx.query("SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'storekeeper_%'")
                    return (changes, try rows.map { try $0.string(1) })
                }
            }
            #expect(changes == [2, 1, 2, 0])
            if preparedStatements {
                #expect(prepared.contains("INSERT INTO counted (n) VALUES ($1), ($2) ON CONFLICT DO NOTHING RETURNING 1"), "\(prepared)")
                #expect(prepared.contains("SELECT n FROM counted WHERE n > $1"), "\(prepared)")
            } else {
                #expect(prepared.isEmpty, "\(prepared)")
            }
        }
    }

    /// PostgresNIO fails every later use of a statement whose preparation failed on a connection;
    /// the connection such a failure happened on is closed, so the statement works once its
    /// cause is gone (here: the table it reads is created).
    @Test func aStatementWhosePreparationFailedWorksLater() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            // One connection: without closing it, the retry would reuse it and fail again.
            let database = try test.otherInstance { $0.options.maximumConnections = 1 }
            try await database.withRunning {
                let error = await #expect(throws: SQLError.self) {
                    try await database.read { tx in try await tx.query("SELECT n FROM created_later WHERE n > $1", [.integer(0)]) }
                }
                #expect(error?.backendCode == "42P01", "\(String(describing: error))")
                try await database.write { tx in try await tx.executeScript("CREATE TABLE created_later (n BIGINT)") }
                let rows = try await database.read { tx in try await tx.query("SELECT n FROM created_later WHERE n > $1", [.integer(0)]) }
                #expect(rows.isEmpty)
            }
        }
    }

    @Test func unsupportedColumnTypesAreTypedErrors() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            let error = await #expect(throws: SQLError.self) {
                try await test.database.read { tx in try await tx.query("SELECT now()") }
            }
            #expect(error?.code == .unsupportedType)
        }
    }
}

extension Result {
    /// The error of a failure, `nil` for a success.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

import Foundation
import StorekeeperSQL
import StorekeeperSQLite
import StorekeeperTesting
import Synchronization
import Testing

@testable import StorekeeperPostgres

/// The rules storage correctness rests on (docs/DESIGN.md, "Storage rules"), each pinned here or
/// by the test the design note names.
@Suite("Storage rules")
struct StorageRulesTests {
    static func makeItems(_ database: any SQLDatabase) async throws {
        try await database.write { tx in try await tx.executeScript("CREATE TABLE items (id BIGINT PRIMARY KEY)") }
    }

    static func items(_ database: any SQLDatabase) async throws -> [Int64] {
        try await database.read { tx in try await tx.query("SELECT id FROM items ORDER BY id").map { try $0.int64(0) } }
    }

    // MARK: A write body awaits only its own statements

    @Test("SQLite refuses a write body that sleeps or awaits another task between its statements, and rolls it back")
    func aWriteBodyThatSuspendsIsRefused() async throws {
        try await TestBackend.sqlite.withDatabase { test in
            let database = test.database
            try await Self.makeItems(database)
            let sleeping = await #expect(throws: SQLError.self) {
                try await database.write { tx in
                    try await tx.execute("INSERT INTO items (id) VALUES (1)")
                    try await Task.sleep(for: .milliseconds(20))
                    try await tx.execute("INSERT INTO items (id) VALUES (2)")
                }
            }
            #expect(sleeping?.code == .writeBodySuspended)
            let awaitingATask = await #expect(throws: SQLError.self) {
                try await database.write { tx in
                    try await tx.execute("INSERT INTO items (id) VALUES (3)")
                    _ = await Task.detached {
                        try? await Task.sleep(for: .milliseconds(20))
                        return 1
                    }.value
                }
            }
            #expect(awaitingATask?.code == .writeBodySuspended)
            #expect(try await Self.items(database) == [], "a refused body's statements were committed")
        }
    }

    @Test("SQLite accepts a write body that awaits only its statements, a read, and a child task of its own")
    func aWriteBodyAwaitingItsOwnWorkIsAccepted() async throws {
        try await TestBackend.sqlite.withDatabase { test in
            let database = test.database
            try await Self.makeItems(database)
            // Concurrent writers queue behind each other's bodies: none of them is foreign.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        for step in 0..<10 {
                            try await database.write { tx in
                                let id = Int64(writer * 100 + step)
                                try await tx.execute("INSERT INTO items (id) VALUES ($1)", [.integer(id)])
                                let seen = try await database.read { read in try await read.query("SELECT COUNT(*) FROM items")[0].int64(0)
                                }
                                async let own = tx.query("SELECT id FROM items WHERE id = $1", [.integer(id)])
                                #expect(try await own.count == 1)
                                #expect(seen >= 0)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await Self.items(database).count == 80)
        }
    }

    // MARK: Cancellation mid-transaction

    @Test(
        "cancellation does not interrupt a transaction: its statements keep running and it commits when its body returns",
        arguments: TestBackend.available)
    func aCancelledTransactionRunsToItsEnd(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let database = test.database
            try await Self.makeItems(database)
            let transaction = Task {
                try await database.write { tx in
                    try await tx.execute("INSERT INTO items (id) VALUES (1)")
                    // Cancelled mid-transaction (by itself: a body may not wait to be cancelled).
                    withUnsafeCurrentTask { $0?.cancel() }
                    #expect(Task.isCancelled)
                    try await tx.execute("INSERT INTO items (id) VALUES (2)")
                }
            }
            let ended = await finishes(within: .seconds(60)) { _ = try? await transaction.value }
            #expect(ended, "a cancelled write never ended")
            try await transaction.value
            #expect(try await Self.items(database) == [1, 2])
        }
    }

    @Test("a body that throws on cancellation rolls its transaction back", arguments: TestBackend.available)
    func aBodyThatStopsOnCancellationRollsBack(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let database = test.database
            try await Self.makeItems(database)
            let transaction = Task {
                try await database.write { tx in
                    try await tx.execute("INSERT INTO items (id) VALUES (1)")
                    withUnsafeCurrentTask { $0?.cancel() }
                    try Task.checkCancellation()
                }
            }
            let ended = await finishes(within: .seconds(60)) { _ = try? await transaction.value }
            #expect(ended, "a cancelled write never ended")
            await #expect(throws: CancellationError.self) { try await transaction.value }
            #expect(try await Self.items(database) == [])
        }
    }

    /// Where the backends differ: PostgreSQL's wait for a pooled connection ends on cancellation,
    /// so a transaction started in a cancelled task never begins there; SQLite's writer and readers
    /// are local, and a transaction that finds one free runs (its body may check `Task.isCancelled`).
    @Test(
        "a transaction started in a task already cancelled runs on SQLite and fails with connectionFailure on PostgreSQL",
        arguments: TestBackend.available)
    func aTransactionStartedCancelled(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let database = test.database
            try await Self.makeItems(database)
            let transaction = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                try await database.write { tx in try await tx.execute("INSERT INTO items (id) VALUES (1)") }
            }
            let ended = await finishes(within: .seconds(60)) { _ = try? await transaction.value }
            #expect(ended, "a write started cancelled never ended")
            switch backend {
            case .sqlite:
                try await transaction.value
                #expect(try await Self.items(database) == [1])
            case .postgresql:
                let error = await #expect(throws: SQLError.self) { try await transaction.value }
                #expect(error?.code == .connectionFailure)
                #expect(try await Self.items(database) == [])
            }
        }
    }

    @Test("a read cancelled while every SQLite reader is lent out stops waiting with connectionFailure")
    func aReadWaitingForAReaderEndsOnCancellation() async throws {
        var configuration = SQLiteDatabase.Configuration()
        configuration.readerCount = 1
        let database = try await SQLiteDatabase.temporary(configuration: configuration, logger: TestLogger.logger)
        try await Self.expectCancelledWaitEnds(on: database, "the cancelled read kept waiting for a reader") { database in
            try await database.read { tx in try await tx.query("SELECT 1")[0].int64(0) }
        }
        #expect(try await database.read { tx in try await tx.query("SELECT 1")[0].int64(0) } == 1, "the reader came back")
        await database.close()
    }

    @Test(
        "a write cancelled while every PostgreSQL connection is leased stops waiting with connectionFailure",
        .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func aTransactionWaitingForAConnectionEndsOnCancellation() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            let single = try test.otherInstance { $0.options.maximumConnections = 1 }
            try await single.withRunning {
                try await Self.expectCancelledWaitEnds(on: single, "the cancelled write kept waiting for a connection") { database in
                    try await database.write { tx in try await tx.query("SELECT 1")[0].int64(0) }
                }
            }
        }
    }

    /// Holds `database`'s only connection with a read, starts `waiting` (which needs a connection
    /// of its own), cancels it, and expects it to end with `connectionFailure` instead of waiting
    /// for the connection. The holder is released before the waiting task is awaited, so one
    /// that kept waiting fails the test instead of hanging it.
    static func expectCancelledWaitEnds(
        on database: some SQLDatabase, _ failure: Comment,
        _ waiting: @escaping @Sendable (any SQLDatabase) async throws -> Int64
    ) async throws {
        let (holding, held) = AsyncStream<Void>.makeStream()
        let (release, released) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await database.read { tx in
                _ = try await tx.query("SELECT 1")
                held.yield()
                for await _ in release { break }
            }
        }
        for await _ in holding { break }
        let waiter = Task { try await waiting(database) }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        let ended = await finishes(within: .seconds(60)) { _ = try? await waiter.value }
        #expect(ended, failure)
        released.yield()
        try await holder.value
        let error = await #expect(throws: SQLError.self) { try await waiter.value }
        #expect(error?.code == .connectionFailure)
    }

    // MARK: PostgreSQL prepared statements

    /// `NamedQuery` and `NamedCommand` take their name and SQL from a task-local that PostgresNIO
    /// reads inside `execute`: distinct statements sent at once from many tasks (and connections)
    /// must each run their own SQL, with their own parameter kinds, prepared or not yet.
    @Test(
        "distinct prepared statements sent at once from many tasks each run their own SQL",
        .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func preparedStatementsKeepTheirOwnSQL() async throws {
        try await TestBackend.postgresql.withDatabase { test in
            let database = test.database
            try await Self.makeItems(database)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<12 {
                    group.addTask {
                        for round in 0..<5 {
                            for variant in 0..<6 {
                                let offset = Int64(task * 1000 + variant)
                                let sql = "SELECT $1::BIGINT + \(offset) AS total, \(variant) AS variant"
                                let row = try await database.read { tx in try await tx.query(sql, [.integer(Int64(round))])[0] }
                                #expect(try row.int64(0) == Int64(round) + offset)
                                #expect(try row.int64(1) == Int64(variant))
                            }
                            let id = Int64(task * 10 + round)
                            let inserted = try await database.write { tx in
                                try await tx.execute("INSERT INTO items (id) VALUES ($1) ON CONFLICT DO NOTHING", [.integer(id)])
                            }
                            #expect(inserted == 1)
                            let deleted = try await database.write { tx in
                                try await tx.execute("DELETE FROM items WHERE id = $1 AND id >= 0", [.integer(id)])
                            }
                            #expect(deleted == 1)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await Self.items(database) == [])
        }
    }
}

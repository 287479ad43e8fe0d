import StorekeeperSQL
import Testing

/// The contract every `SQLDatabase` backend fulfils, run on each of them. The domain's
/// persistence relies on exactly these behaviours.
@Suite("SQL contract", .timeLimit(.minutes(2)))
struct SQLContractTests {
    static let items = """
        CREATE TABLE items (
            id BIGINT PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            quantity BIGINT NOT NULL DEFAULT 0 CHECK (quantity >= 0)
        )
        """

    static func count(_ database: any SQLDatabase, _ table: String = "items") async throws -> Int64 {
        try await database.read { tx in try await tx.query("SELECT COUNT(*) FROM \(table)")[0].int64(0) }
    }

    @Test(arguments: TestBackend.available)
    func committedWritesAreVisibleAndRolledBackOnesAreNot(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in try await tx.executeScript(Self.items) }
            let inserted = try await db.write { tx in
                try await tx.execute("INSERT INTO items (id, name) VALUES ($1, $2)", [1, "apple"])
            }
            #expect(inserted == 1)
            await #expect(throws: TestError.self) {
                try await db.write { tx in
                    try await tx.execute("INSERT INTO items (id, name) VALUES ($1, $2)", [2, "pear"])
                    try await tx.execute("UPDATE items SET quantity = 5 WHERE id = $1", [1])
                    #expect(try await tx.query("SELECT COUNT(*) FROM items")[0].int64(0) == 2)
                    throw TestError()
                }
            }
            let rows = try await db.read { tx in try await tx.query("SELECT id, name, quantity FROM items ORDER BY id") }
            #expect(rows.count == 1)
            #expect(try rows[0].int64(0) == 1)
            #expect(try rows[0].string(1) == "apple")
            #expect(try rows[0].int64(2) == 0)
        }
    }

    @Test(arguments: TestBackend.available)
    func uniqueViolationHasTheSameCodeAndAbortsTheTransaction(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in
                try await tx.executeScript(Self.items)
                try await tx.execute("INSERT INTO items (id, name) VALUES (1, 'apple')")
            }
            let error = await #expect(throws: SQLError.self) {
                try await db.write { tx in try await tx.execute("INSERT INTO items (id, name) VALUES (2, 'apple')") }
            }
            #expect(error?.code == .uniqueViolation)
            #expect(error?.constraint != nil)
            #expect(error?.isRetryable == false)

            // A body that swallows the failure cannot run more statements nor commit its work.
            let aborted = await #expect(throws: SQLError.self) {
                try await db.write { tx -> SQLError? in
                    try await tx.execute("INSERT INTO items (id, name) VALUES (3, 'pear')")
                    do {
                        try await tx.execute("INSERT INTO items (id, name) VALUES (1, 'plum')")
                    } catch let error as SQLError {
                        #expect(error.code == .uniqueViolation)
                    }
                    do {
                        _ = try await tx.query("SELECT 1")
                        Issue.record("a statement ran in an aborted transaction")
                    } catch let error as SQLError {
                        #expect(error.code == .transactionAborted)
                    }
                    return nil
                }
            }
            #expect(aborted?.code == .transactionAborted)
            #expect(try await Self.count(db) == 1)
        }
    }

    @Test(arguments: TestBackend.available)
    func otherConstraintViolationsHaveTheSameCodes(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in
                try await tx.executeScript(
                    """
                    \(Self.items);
                    CREATE TABLE grants (
                        id BIGINT PRIMARY KEY,
                        item_id BIGINT NOT NULL REFERENCES items (id)
                    );
                    """)
            }
            let cases: [(String, SQLError.Code)] = [
                ("INSERT INTO grants (id, item_id) VALUES (1, 42)", .foreignKeyViolation),
                ("INSERT INTO items (id, name, quantity) VALUES (1, 'a', -1)", .checkViolation),
                ("INSERT INTO items (id, name) VALUES (1, NULL)", .notNullViolation),
                ("INSERT INTO no_such_table (id) VALUES (1)", .invalidStatement),
            ]
            for (sql, code) in cases {
                let error = await #expect(throws: SQLError.self, "\(sql)") {
                    try await db.write { tx in try await tx.execute(sql) }
                }
                #expect(error?.code == code, "\(sql): \(String(describing: error))")
            }
        }
    }

    @Test(arguments: TestBackend.available)
    func insertOnConflictDoNothingReturningIsEmptyOnReplay(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in try await tx.executeScript(Self.items) }
            let insert = "INSERT INTO items (id, name, quantity) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id, quantity"
            let first = try await db.write { tx in try await tx.query(insert, [7, "coin pack", 100]) }
            #expect(first.count == 1)
            #expect(try first.first?.int64(1) == 100)
            let replay = try await db.write { tx in try await tx.query(insert, [7, "coin pack", 100]) }
            #expect(replay.isEmpty)
            let replayedExecute = try await db.write { tx in try await tx.execute(insert, [7, "coin pack", 100]) }
            #expect(replayedExecute == 0)
            #expect(try await Self.count(db) == 1)
        }
    }

    @Test(arguments: TestBackend.available)
    func executeCountsChangedRowsOnly(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in
                try await tx.executeScript(Self.items)
                #expect(try await tx.execute("INSERT INTO items (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')") == 3)
                #expect(try await tx.execute("UPDATE items SET quantity = quantity + 1 WHERE id >= $1", [2]) == 2)
                #expect(try await tx.execute("SELECT * FROM items") == 0)
                #expect(try await tx.execute("UPDATE items SET quantity = 1 WHERE id = 99") == 0)
                #expect(try await tx.execute("DELETE FROM items WHERE id = 1") == 1)
            }
        }
    }

    @Test(arguments: TestBackend.available)
    func placeholdersMayRepeatAndComeInAnyOrder(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in try await tx.executeScript(Self.items) }
            try await db.write { tx in
                try await tx.execute("INSERT INTO items (quantity, name, id) VALUES ($3, $2, $1)", [10, "ten", 100])
                try await tx.execute("UPDATE items SET quantity = $1 + $1 WHERE id = $2 AND quantity = $1 * 10", [10, 10])
            }
            let row = try await db.read { tx in
                try await tx.queryFirst("SELECT id, quantity FROM items WHERE name = $2 OR id = $1", [10, "ten"])
            }
            #expect(try row?.int64(0) == 10)
            #expect(try row?.int64(1) == 20)
        }
    }

    @Test(arguments: TestBackend.available)
    func tooFewBindsIsAnErrorAndExtraOnesAreUnused(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            for binds: [SQLValue] in [[], [1]] {
                let error = await #expect(throws: SQLError.self) {
                    try await test.database.read { tx in try await tx.query("SELECT $1 + 0, $2 + 0", binds) }
                }
                #expect(error?.code == .invalidArguments, "\(binds): \(String(describing: error))")
            }
            let row = try await test.database.read { tx in try await tx.query("SELECT $1 + 0, $2 + 0", [1, 2, 3]) }
            #expect(row.first?.values == [1, 2])
        }
    }

    @Test(arguments: TestBackend.available)
    func readTransactionsCannotWrite(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in try await tx.executeScript(Self.items) }
            let error = await #expect(throws: SQLError.self) {
                try await db.read { tx in try await tx.execute("INSERT INTO items (id, name) VALUES (1, 'a')") }
            }
            #expect(error?.code == .readOnlyTransaction)
            #expect(try await Self.count(db) == 0)
        }
    }

    @Test(arguments: TestBackend.available)
    func aTransactionCannotBeUsedAfterItsBody(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            let escapedWrite = try await db.write { tx in tx }
            let escapedRead = try await db.read { tx in tx }
            for tx in [escapedWrite, escapedRead] {
                let error = await #expect(throws: SQLError.self) { try await tx.query("SELECT 1") }
                #expect(error?.code == .transactionClosed)
            }
        }
    }

    @Test(arguments: TestBackend.available)
    func scriptsRunEveryStatement(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in
                try await tx.executeScript(
                    """
                    -- a comment; with a semicolon
                    CREATE TABLE notes (id BIGINT PRIMARY KEY, body TEXT NOT NULL);
                    /* another; comment */
                    INSERT INTO notes (id, body) VALUES (1, 'semi;colon'), (2, 'it''s; quoted');
                    INSERT INTO notes (id, body) VALUES (3, '--not a comment');
                    """)
            }
            let bodies = try await db.read { tx in
                try await tx.query("SELECT body FROM notes ORDER BY id").map { try $0.string(0) }
            }
            #expect(bodies == ["semi;colon", "it's; quoted", "--not a comment"])
        }
    }
}

extension SQLContractTests {
    @Test(arguments: TestBackend.available)
    func aNestedWriteIsRefusedInsteadOfDeadlocking(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            let nested = try await db.write { _ in
                do {
                    try await db.write { _ in }
                    return nil as SQLError?
                } catch let error as SQLError {
                    return error
                }
            }
            #expect(nested?.code == .nestedTransaction)
            // From a child task of the body too; a read inside a write is fine.
            let fromChild = try await db.write { _ in
                async let child: SQLError.Code? = {
                    do {
                        try await db.write { _ in }
                        return nil
                    } catch let error as SQLError {
                        return error.code
                    }
                }()
                let read = try await db.read { tx in try await tx.query("SELECT 1")[0].int64(0) }
                #expect(read == 1)
                return try await child
            }
            #expect(fromChild == .nestedTransaction)
        }
    }
}

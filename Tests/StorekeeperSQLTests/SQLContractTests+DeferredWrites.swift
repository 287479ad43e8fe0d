import StorekeeperSQL
import Testing

/// ``SQLTransaction/deferWrite(_:_:)``: a deferred write behaves as if it ran at once (SQLite
/// runs it at once; PostgreSQL sends it in front of the next statement, or alone first).
extension SQLContractTests {
    static let tags = """
        CREATE TABLE tags (
            item_id BIGINT NOT NULL REFERENCES items (id),
            tag TEXT NOT NULL,
            uses BIGINT NOT NULL DEFAULT 1,
            PRIMARY KEY (item_id, tag)
        )
        """
    static let addTag = """
        INSERT INTO tags (item_id, tag, uses) VALUES ($1, $2, $3)
        ON CONFLICT (item_id, tag) DO UPDATE SET uses = tags.uses + excluded.uses
        """

    static func withItemsAndTags(_ backend: TestBackend, _ body: @Sendable (any SQLDatabase) async throws -> Void) async throws {
        try await backend.withDatabase { test in
            try await test.database.write { tx in
                try await tx.executeScript(Self.items)
                try await tx.executeScript(Self.tags)
                try await tx.execute("INSERT INTO items (id, name, quantity) VALUES (1, 'apple', 3)")
            }
            try await body(test.database)
        }
    }

    static func uses(_ database: any SQLDatabase) async throws -> [String: Int64] {
        try await database.read { tx in
            var uses: [String: Int64] = [:]
            for row in try await tx.query("SELECT tag, uses FROM tags ORDER BY tag") { uses[try row.string(0)] = try row.int64(1) }
            return uses
        }
    }

    @Test(arguments: TestBackend.available)
    func deferredWritesAreSeenByLaterStatementsAndCommitted(_ backend: TestBackend) async throws {
        try await Self.withItemsAndTags(backend) { db in
            let seen = try await db.write { tx -> (tags: Int64, quantity: Int64, changed: Int) in
                try await tx.deferWrite(Self.addTag, [1, "red", 1])
                // A statement reading the deferred write's table sees its row.
                let tags = try await tx.query("SELECT COUNT(*) FROM tags WHERE item_id = $1", [1])[0].int64(0)
                try await tx.deferWrite("UPDATE items SET quantity = quantity + $2 WHERE id = $1", [1, 4])
                try await tx.deferWrite(Self.addTag, [1, "green", 2])
                // A statement of another table carries them; its own answer is its own.
                let changed = try await tx.execute("CREATE TABLE unrelated (n BIGINT)")
                let quantity = try await tx.query("SELECT quantity FROM items WHERE id = $1", [1])[0].int64(0)
                return (tags, quantity, changed)
            }
            #expect(seen.tags == 1)
            #expect(seen.quantity == 7)
            #expect(seen.changed == 0)
            #expect(try await Self.uses(db) == ["green": 2, "red": 1])
        }
    }

    @Test(arguments: TestBackend.available)
    func deferredWritesRideWithStatementsOfOtherTables(_ backend: TestBackend) async throws {
        try await Self.withItemsAndTags(backend) { db in
            try await db.write { tx in try await tx.executeScript("CREATE TABLE notes (id BIGINT PRIMARY KEY, body TEXT NOT NULL)") }
            let answers = try await db.write { tx -> (inserted: Int, returned: [String], withed: Int64) in
                try await tx.deferWrite(Self.addTag, [1, "red", 1])
                try await tx.deferWrite("UPDATE items SET quantity = $2 WHERE id = $1", [1, 9])
                // Parameters of the carrier keep their numbers; the writes' follow them.
                let inserted = try await tx.execute("INSERT INTO notes (id, body) VALUES ($1, $2), ($3, $2)", [1, "x", 2])
                try await tx.deferWrite(Self.addTag, [1, "blue", 5])
                let returned = try await tx.query("INSERT INTO notes (id, body) VALUES ($1, $2) RETURNING body", [3, "y"]).map {
                    try $0.string(0)
                }
                try await tx.deferWrite(Self.addTag, [1, "blue", 1])
                // A carrier with a WITH of its own.
                let withed = try await tx.query("WITH n AS (SELECT COUNT(*) AS c FROM notes) SELECT c FROM n")[0].int64(0)
                return (inserted, returned, withed)
            }
            #expect(answers.inserted == 2)
            #expect(answers.returned == ["y"])
            #expect(answers.withed == 3)
            #expect(try await Self.uses(db) == ["blue": 6, "red": 1])
            let quantity = try await db.read { tx in try await tx.query("SELECT quantity FROM items WHERE id = 1")[0].int64(0) }
            #expect(quantity == 9)
        }
    }

    /// Two upserts of one row in one statement are refused by PostgreSQL, and rows numbered by a
    /// sequence are numbered in the order they were deferred.
    @Test(arguments: TestBackend.available)
    func deferredWritesOfOneTableRunInOrder(_ backend: TestBackend) async throws {
        try await Self.withItemsAndTags(backend) { db in
            try await db.write { tx in
                try await tx.executeScript(
                    "CREATE TABLE log (seq \(tx.dialect.autoIncrementPrimaryKey), line TEXT NOT NULL)")
            }
            try await db.write { tx in
                for uses in 1...5 {
                    try await tx.deferWrite(Self.addTag, [1, "red", .integer(Int64(uses))])
                    try await tx.deferWrite("INSERT INTO log (line) VALUES ($1)", [.text("line \(uses)")])
                }
            }
            #expect(try await Self.uses(db) == ["red": 15])
            let lines = try await db.read { tx in try await tx.query("SELECT line FROM log ORDER BY seq").map { try $0.string(0) } }
            #expect(lines == (1...5).map { "line \($0)" })
        }
    }

    @Test(arguments: TestBackend.available)
    func aFailedDeferredWriteFailsTheTransactionWithItsCode(_ backend: TestBackend) async throws {
        try await Self.withItemsAndTags(backend) { db in
            // Failing at the commit (nothing after it)...
            let atCommit = await #expect(throws: SQLError.self) {
                try await db.write { tx in
                    try await tx.execute("INSERT INTO items (id, name) VALUES (2, 'pear')")
                    try await tx.deferWrite("UPDATE items SET quantity = quantity - $2 WHERE id = $1", [1, 10])
                }
            }
            #expect(atCommit?.code == .checkViolation)
            // ...or at the next statement, which then does not run.
            let atNext = await #expect(throws: SQLError.self) {
                try await db.write { tx in
                    try await tx.deferWrite(Self.addTag, [42, "orphan", 1])
                    try await tx.execute("INSERT INTO items (id, name) VALUES (3, 'plum')")
                }
            }
            #expect(atNext?.code == .foreignKeyViolation)
            // A body that throws discards what it deferred.
            await #expect(throws: TestError.self) {
                try await db.write { tx in
                    try await tx.deferWrite(Self.addTag, [1, "red", 1])
                    throw TestError()
                }
            }
            let items = try await Self.count(db)
            let uses = try await Self.uses(db)
            #expect(items == 1)
            #expect(uses.isEmpty)
        }
    }

    /// Foreign keys are checked when the statement ends, after the writes it carried.
    @Test(arguments: TestBackend.available)
    func aDeferredParentIsThereForItsChild(_ backend: TestBackend) async throws {
        try await Self.withItemsAndTags(backend) { db in
            try await db.write { tx in
                try await tx.deferWrite("INSERT INTO items (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", [5, "fig"])
                try await tx.execute("INSERT INTO tags (item_id, tag) VALUES ($1, $2)", [5, "sweet"])
            }
            #expect(try await Self.uses(db) == ["sweet": 1])
        }
    }

    @Test(arguments: TestBackend.available)
    func aReadTransactionCannotDeferAWrite(_ backend: TestBackend) async throws {
        try await Self.withItemsAndTags(backend) { db in
            let error = await #expect(throws: SQLError.self) {
                try await db.read { tx in try await tx.deferWrite(Self.addTag, [1, "red", 1]) }
            }
            #expect(error?.code == .readOnlyTransaction)
            let uses = try await Self.uses(db)
            #expect(uses.isEmpty)
        }
    }
}

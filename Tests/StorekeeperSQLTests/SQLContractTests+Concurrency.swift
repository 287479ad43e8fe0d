import StorekeeperSQL
import Testing

extension SQLContractTests {
    /// 200 concurrent read-modify-write transactions: each reads the counter, then writes it back
    /// plus one, serialized only by the advisory lock (PostgreSQL) or the single writer (SQLite).
    /// A lost update shows as a total below 200.
    @Test(arguments: TestBackend.available)
    func concurrentWritesAreNotLost(_ backend: TestBackend) async throws {
        try await Self.countConcurrently(on: backend) { tx, _ in try await tx.advisoryLock(Self.counterLock) }
    }

    /// The same, with half the writers taking the counter's lock as the second of two keys in
    /// one `advisoryLocks` call: a key taken that way excludes its other holders just the same.
    @Test(arguments: TestBackend.available)
    func locksTakenTogetherSerializeLikeOne(_ backend: TestBackend) async throws {
        try await Self.countConcurrently(on: backend) { tx, index in
            if index.isMultiple(of: 2) {
                try await tx.advisoryLocks([SQLAdvisoryLock.key(for: "storekeeper.test.other.\(index)"), Self.counterLock])
            } else {
                try await tx.advisoryLock(Self.counterLock)
            }
        }
    }

    static let counterLock = SQLAdvisoryLock.key(for: "storekeeper.test.counter")

    /// 200 concurrent transactions that each run `lock` (with their index), read the counter and
    /// write it back plus one; the counter must end at 200.
    static func countConcurrently(
        on backend: TestBackend, lock: @escaping @Sendable (any SQLTransaction, Int) async throws -> Void
    ) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in
                try await tx.executeScript("CREATE TABLE counters (id TEXT PRIMARY KEY, value BIGINT NOT NULL)")
                try await tx.execute("INSERT INTO counters (id, value) VALUES ('c', 0)")
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        try await db.write { tx in
                            try await lock(tx, index)
                            let value = try await tx.query("SELECT value FROM counters WHERE id = 'c'")[0].int64(0)
                            await Task.yield()
                            try await tx.execute("UPDATE counters SET value = $1 WHERE id = 'c'", [.integer(value + 1)])
                        }
                    }
                }
                try await group.waitForAll()
            }
            let total = try await db.read { tx in try await tx.query("SELECT value FROM counters")[0].int64(0) }
            #expect(total == 200)
        }
    }

    /// Concurrent transactions where every third one fails: exactly the others are kept (on
    /// SQLite this exercises a failing unit inside a group commit).
    @Test(arguments: TestBackend.available)
    func aFailingTransactionDoesNotTakeConcurrentOnesWithIt(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in
                try await tx.executeScript(Self.items)
                try await tx.execute("INSERT INTO items (id, name) VALUES (-1, 'taken')")
            }
            let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                for id in 0..<90 {
                    group.addTask {
                        do {
                            try await db.write { tx in
                                try await tx.execute(
                                    "INSERT INTO items (id, name) VALUES ($1, $2)", [SQLValue(id), SQLValue("item \(id)")])
                                if id % 3 == 0 {
                                    // Fails with a duplicate name after inserting its own row.
                                    try await tx.execute("INSERT INTO items (id, name) VALUES ($1, 'taken')", [SQLValue(id + 1000)])
                                }
                            }
                            return (id, true)
                        } catch let error as SQLError {
                            #expect(error.code == .uniqueViolation)
                            return (id, false)
                        }
                    }
                }
                return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
            }
            #expect(outcomes.filter { !$0.value }.keys.sorted() == stride(from: 0, to: 90, by: 3).map { $0 })
            let stored = try await db.read { tx in
                try await tx.query("SELECT id FROM items WHERE id >= 0 ORDER BY id").map { try $0.int(0) }
            }
            #expect(stored == (0..<90).filter { $0 % 3 != 0 })
        }
    }

    /// Transactions that each rewrite hundreds of kilobytes of stored rows, alone and side by side,
    /// some failing after their writes: a failed one leaves every row as it was, the others keep
    /// exactly their own (on SQLite the unit that opens a group commit runs without a savepoint;
    /// any that join it take one, whose journal of hundreds of kilobytes SQLite keeps in memory
    /// and undoes them from).
    @Test(arguments: TestBackend.available)
    func transactionsRewritingManyRowsCommitOrRollBackWhole(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            let rows = 3000
            let original = String(repeating: "o", count: 1000)
            try await db.write { tx in
                try await tx.executeScript("CREATE TABLE big (id BIGINT PRIMARY KEY, note TEXT NOT NULL)")
                for id in 0..<rows {
                    try await tx.execute("INSERT INTO big (id, note) VALUES ($1, $2)", [SQLValue(id), SQLValue(original)])
                }
            }
            func notes() async throws -> [String: Int] {
                try await db.read { tx in
                    try await tx.query("SELECT note, COUNT(*) FROM big GROUP BY note").reduce(into: [:]) {
                        $0[String(try $1.string(0).prefix(1))] = try $1.int(1)
                    }
                }
            }

            await #expect(throws: TestError.self) {
                try await db.write { tx in
                    try await tx.execute("UPDATE big SET note = $1", [SQLValue(String(repeating: "x", count: 1000))])
                    throw TestError()
                }
            }
            #expect(try await notes() == ["o": rows])

            let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                for part in 0..<6 {
                    group.addTask {
                        let marker = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(part)))
                        do {
                            try await db.write { tx in
                                try await tx.execute(
                                    "UPDATE big SET note = $1 WHERE id >= $2 AND id < $3",
                                    [SQLValue(String(repeating: marker, count: 1000)), SQLValue(part * 500), SQLValue(part * 500 + 500)])
                                if part % 2 == 1 { throw TestError() }
                            }
                            return (part, true)
                        } catch is TestError {
                            return (part, false)
                        }
                    }
                }
                return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
            }
            #expect(outcomes == [0: true, 1: false, 2: true, 3: false, 4: true, 5: false])
            #expect(try await notes() == ["a": 500, "c": 500, "e": 500, "o": 1500])
        }
    }

    /// Writers move amounts between two accounts in separate statements; readers, in parallel,
    /// read both accounts in two statements with a pause between. Every read transaction must see
    /// the invariant total: one snapshot for the whole transaction.
    @Test(arguments: TestBackend.available)
    func readersSeeOneConsistentSnapshot(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in
                try await tx.executeScript(
                    """
                    CREATE TABLE accounts (id TEXT PRIMARY KEY, balance BIGINT NOT NULL);
                    INSERT INTO accounts (id, balance) VALUES ('a', 1000), ('b', 0);
                    """)
            }
            let totals = try await withThrowingTaskGroup(of: [Int64].self) { group in
                group.addTask {
                    for step in 1...60 {
                        try await db.write { tx in
                            try await tx.advisoryLock(1)
                            try await tx.execute("UPDATE accounts SET balance = balance - $1 WHERE id = 'a'", [.integer(Int64(step))])
                            try await tx.execute("UPDATE accounts SET balance = balance + $1 WHERE id = 'b'", [.integer(Int64(step))])
                        }
                    }
                    return []
                }
                for _ in 0..<4 {
                    group.addTask {
                        var seen: [Int64] = []
                        for _ in 0..<30 {
                            seen.append(
                                try await db.read { tx in
                                    let a = try await tx.query("SELECT balance FROM accounts WHERE id = 'a'")[0].int64(0)
                                    try await Task.sleep(for: .milliseconds(2))
                                    let b = try await tx.query("SELECT balance FROM accounts WHERE id = 'b'")[0].int64(0)
                                    return a + b
                                })
                        }
                        return seen
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(totals.count == 120)
            #expect(totals.allSatisfy { $0 == 1000 }, "inconsistent totals: \(totals.filter { $0 != 1000 })")
            let final = try await db.read { tx in try await tx.query("SELECT balance FROM accounts ORDER BY id").map { try $0.int64(0) } }
            #expect(final == [1000 - 1830, 1830])
        }
    }
}

import Foundation
import StorekeeperSQL
import Testing

extension SQLContractTests {
    static func valuesTable(_ dialect: SQLDialect) -> String {
        """
        CREATE TABLE vals (
            id BIGINT PRIMARY KEY,
            i BIGINT,
            t TEXT,
            b \(dialect.blobType),
            r \(dialect.doubleType),
            flag INTEGER
        )
        """
    }

    @Test(arguments: TestBackend.available)
    func valuesRoundTripExactly(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in try await tx.executeScript(Self.valuesTable(db.dialect)) }
            let bigBlob = (0..<(1 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let uuid = UUID()
            let rows: [[SQLValue]] = [
                [1, .integer(.max), "plain", .blob([0, 1, 2, 255]), 1.5, true],
                [2, .integer(.min), "Ünïcödé 中文 עברית 🧾👨‍👩‍👧 e\u{301}", .blob(bigBlob), -0.25, false],
                [3, nil, nil, nil, nil, nil],
                [4, 0, "", .blob([]), 0.0, SQLValue(false)],
                [5, SQLValue(Int32.max), SQLValue(uuid), SQLValue(Data([9, 8])), .real(1e300), SQLValue(true)],
            ]
            try await db.write { tx in
                for row in rows {
                    try await tx.execute("INSERT INTO vals (id, i, t, b, r, flag) VALUES ($1, $2, $3, $4, $5, $6)", row)
                }
            }
            let read = try await db.read { tx in try await tx.query("SELECT id, i, t, b, r, flag FROM vals ORDER BY id") }
            #expect(read.map(\.values) == rows)
            #expect(read.first?.columns == ["id", "i", "t", "b", "r", "flag"])

            #expect(try read[0].int64(1) == .max)
            #expect(try read[1].int64(1) == .min)
            #expect(try read[1].bytes(3) == bigBlob)
            #expect(try read[0].bool(5) == true)
            #expect(try read[1].bool(5) == false)
            #expect(try read[0].double(4) == 1.5)
            #expect(try read[2].optionalInt64(1) == nil)
            #expect(try read[2].optionalString(2) == nil)
            #expect(try read[2].optionalBytes(3) == nil)
            #expect(try read[2].optionalBool(5) == nil)
            #expect(try read[3].string(2) == "")
            #expect(try read[3].bytes(3) == [])
            #expect(try read[4].uuid(2) == uuid)
        }
    }

    @Test(arguments: TestBackend.available)
    func readingTheWrongTypeThrowsInsteadOfTrapping(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let row = try await test.database.read { tx in
                try await tx.queryFirst("SELECT 42 AS n, 'text' AS s, NULL AS z, 2 AS two")
            }
            let r = try #require(row)
            let attempts: [(String, () throws -> Any)] = [
                ("string of integer", { try r.string(0) }),
                ("int64 of text", { try r.int64(1) }),
                ("int64 of NULL", { try r.int64(2) }),
                ("bool of 2", { try r.bool(3) }),
                ("uuid of text", { try r.uuid(1) }),
                ("column out of range", { try r.int64(9) }),
                ("negative column", { try r.optionalString(-1) as Any }),
            ]
            for (name, attempt) in attempts {
                let error = #expect(throws: SQLError.self, "\(name)") { _ = try attempt() }
                #expect(error?.code == .typeMismatch, "\(name)")
            }
            #expect(r.index(of: "s") == 1)
        }
    }

    @Test(arguments: TestBackend.available)
    func aggregatesOfIntegersAreIntegers(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in
                try await tx.executeScript("CREATE TABLE ledger (id BIGINT PRIMARY KEY, amount BIGINT NOT NULL)")
                for id in 1...3 {
                    try await tx.execute(
                        "INSERT INTO ledger (id, amount) VALUES ($1, $2)", [SQLValue(id), .integer(Int64(id) * 1_000_000_000_000)])
                }
            }
            let row = try await db.read { tx in
                try await tx.queryFirst(
                    "SELECT SUM(amount), COUNT(*), MAX(amount), COALESCE(SUM(amount), 0) FROM ledger WHERE id > $1", [0])
            }
            #expect(try row?.int64(0) == 6_000_000_000_000)
            #expect(try row?.int64(1) == 3)
            #expect(try row?.int64(2) == 3_000_000_000_000)
            let empty = try await db.read { tx in
                try await tx.queryFirst("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE id < $1", [0])
            }
            #expect(try empty?.int64(0) == 0)
        }
    }
}

extension SQLContractTests {
    /// PostgreSQL's `boolean` results (comparisons, `EXISTS`) read like SQLite's 0 and 1.
    @Test(arguments: TestBackend.available)
    func booleanExpressionsReadAsIntegers(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let row = try await test.database.read { tx in
                try await tx.queryFirst("SELECT 1 = $1, 1 = $2, EXISTS (SELECT 1 WHERE 1 = $1)", [1, 2])
            }
            let values = try #require(row)
            #expect(values.values == [1, 0, 1])
            #expect(try values.bool(0) && !values.bool(1) && values.bool(2))
        }
    }
}

import Foundation
import StorekeeperSQL
import StorekeeperSQLite
import Testing

@Suite("SQLite backend")
struct SQLiteDatabaseTests {
    @Test func committedDataSurvivesReopeningTheFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("storekeeper-reopen-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }

        let first = try await SQLiteDatabase.open(path: path, logger: TestLogger.logger)
        try await first.write { tx in
            try await tx.executeScript("CREATE TABLE kept (id BIGINT PRIMARY KEY, note TEXT NOT NULL)")
            try await tx.execute("INSERT INTO kept (id, note) VALUES ($1, $2)", [1, "committed"])
        }
        await #expect(throws: TestError.self) {
            try await first.write { tx in
                try await tx.execute("INSERT INTO kept (id, note) VALUES ($1, $2)", [2, "rolled back"])
                throw TestError()
            }
        }
        await first.close()
        let closed = await #expect(throws: SQLError.self) { try await first.read { tx in try await tx.query("SELECT 1") } }
        #expect(closed?.code == .databaseClosed)

        let second = try await SQLiteDatabase.open(path: path, logger: TestLogger.logger)
        let notes = try await second.read { tx in try await tx.query("SELECT note FROM kept ORDER BY id").map { try $0.string(0) } }
        #expect(notes == ["committed"])
        await second.close()
    }

    @Test func connectionsUseWALFullSyncAndForeignKeys() async throws {
        let db = try await SQLiteDatabase.temporary(logger: TestLogger.logger)
        let settings = try await db.write { tx in
            [
                try await tx.query("PRAGMA journal_mode")[0].string(0),
                String(try await tx.query("PRAGMA synchronous")[0].int64(0)),
                String(try await tx.query("PRAGMA foreign_keys")[0].int64(0)),
            ]
        }
        #expect(settings == ["wal", "2", "1"])  // synchronous 2 = FULL
        await db.close()
        #expect(!FileManager.default.fileExists(atPath: db.path))
    }

    @Test func onlyNumberedDollarPlaceholdersAndSingleStatementsAreAccepted() async throws {
        let db = try await SQLiteDatabase.temporary(logger: TestLogger.logger)
        for sql in ["SELECT ?", "SELECT :name", "SELECT $name", "SELECT 1; SELECT 2", "-- nothing"] {
            let error = await #expect(throws: SQLError.self, "\(sql)") { try await db.read { tx in try await tx.query(sql, [1]) } }
            #expect(error?.code == .invalidStatement, "\(sql)")
        }
        // Trailing semicolons and comments are fine.
        let one = try await db.read { tx in try await tx.query("SELECT $1 + 1; -- done", [1]) }
        #expect(try one[0].int64(0) == 2)
        await db.close()
    }

    @Test func openingAnUnusablePathFailsWithATypedError() async throws {
        let error = await #expect(throws: SQLError.self) {
            try await SQLiteDatabase.open(path: "/nonexistent-directory/x/store.sqlite", logger: TestLogger.logger)
        }
        #expect(error?.code == .connectionFailure)
    }

    /// With group commit off, every write transaction commits on its own; the contract still holds.
    @Test func writesWithoutGroupCommit() async throws {
        var configuration = SQLiteDatabase.Configuration()
        configuration.groupCommitLimit = 1
        configuration.readerCount = 1
        let db = try await SQLiteDatabase.temporary(configuration: configuration, logger: TestLogger.logger)
        try await db.write { tx in try await tx.executeScript("CREATE TABLE n (id BIGINT PRIMARY KEY)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<50 {
                group.addTask { _ = try await db.write { tx in try await tx.execute("INSERT INTO n (id) VALUES ($1)", [SQLValue(id)]) } }
            }
            try await group.waitForAll()
        }
        #expect(try await db.read { tx in try await tx.query("SELECT COUNT(*) FROM n")[0].int64(0) } == 50)
        await db.close()
    }
}

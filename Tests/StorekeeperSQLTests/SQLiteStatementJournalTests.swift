import CSQLite
import Foundation
import StorekeeperSQLite
import Synchronization
import Testing

/// The SQLite backend keeps statement journals (a statement's or savepoint's originals of the
/// pages it changes) in memory for the whole process, so a write larger than 64 KiB inside a
/// transaction no longer creates, writes, unlinks and closes a temporary file. Observed through
/// a VFS that passes every call to the default one and counts the statement journals SQLite
/// opens as files; a raw connection uses it once a `SQLiteDatabase` has set the process up.
@Suite("SQLite statement journals")
struct SQLiteStatementJournalTests {
    @Test func aStatementRewritingMegabytesInATransactionJournalsInMemoryAndStillRollsBackAlone() async throws {
        let database = try await SQLiteDatabase.temporary(logger: TestLogger.logger)
        await database.close()
        SubjournalCountingVFS.register()

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("storekeeper-journal-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        var handle: OpaquePointer?
        #expect(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, SubjournalCountingVFS.name) == SQLITE_OK)
        let connection = try #require(handle)
        defer { sqlite3_close_v2(connection) }
        func run(_ sql: String) -> Int32 { sqlite3_exec(connection, sql, nil, nil, nil) }
        func count(_ sql: String) -> Int64 {
            var statement: OpaquePointer?
            sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            return sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : -1
        }

        #expect(run("PRAGMA journal_mode = WAL") == SQLITE_OK)
        #expect(run("CREATE TABLE big (id BIGINT PRIMARY KEY, note TEXT NOT NULL)") == SQLITE_OK)
        #expect(
            run(
                "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2999) "
                    + "INSERT INTO big SELECT i, printf('%.1000c', 'o') FROM n") == SQLITE_OK)
        let opensBefore = SubjournalCountingVFS.opens.load(ordering: .relaxed)

        #expect(run("BEGIN IMMEDIATE") == SQLITE_OK)
        #expect(run("INSERT INTO big VALUES (-1, 'kept'), (5999, 'in the way')") == SQLITE_OK)
        // 3 MB rewritten by one statement of an open transaction: its journal holds every page.
        #expect(run("UPDATE big SET note = printf('%.1000c', 'x') WHERE id BETWEEN 0 AND 2999") == SQLITE_OK)
        // Fails on its last row (2999 + 3000 is taken), after rewriting all the others: the
        // statement is undone from its journal and the transaction goes on.
        #expect(
            run("UPDATE big SET id = id + 3000, note = printf('%.1000c', 'y') WHERE id BETWEEN 0 AND 2999")
                & 0xFF == SQLITE_CONSTRAINT)
        #expect(run("SAVEPOINT unit") == SQLITE_OK)
        #expect(run("UPDATE big SET note = printf('%.1000c', 'z') WHERE id BETWEEN 0 AND 2999") == SQLITE_OK)
        #expect(run("ROLLBACK TO unit") == SQLITE_OK)
        #expect(run("RELEASE unit") == SQLITE_OK)
        #expect(run("COMMIT") == SQLITE_OK)

        #expect(SubjournalCountingVFS.opens.load(ordering: .relaxed) == opensBefore)
        #expect(count("SELECT COUNT(*) FROM big WHERE note = printf('%.1000c', 'x')") == 3000)
        #expect(count("SELECT COUNT(*) FROM big WHERE id = -1 AND note = 'kept'") == 1)
        #expect(count("SELECT COUNT(*) FROM big") == 3002)
        #expect(count("SELECT MAX(id) FROM big WHERE id < 5999") == 2999)
    }
}

/// A VFS named ``name`` that is the process's default VFS except that it counts the files opened
/// for statement journals (`SQLITE_OPEN_SUBJOURNAL`).
private enum SubjournalCountingVFS {
    static let name = "storekeeper-subjournal-counting"
    static let opens = Atomic<Int>(0)

    static func register() { _ = registration }

    private static let registration: Void = {
        let base = sqlite3_vfs_find(nil)!
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: base.pointee)
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.pNext = nil
        vfs.pointee.xOpen = { _, path, file, flags, outFlags in
            let base = sqlite3_vfs_find(nil)!
            if flags & SQLITE_OPEN_SUBJOURNAL != 0 { SubjournalCountingVFS.opens.add(1, ordering: .relaxed) }
            return base.pointee.xOpen(base, path, file, flags, outFlags)
        }
        sqlite3_vfs_register(vfs, 0)
    }()
}

import CSQLite
import Foundation
import StorekeeperSQL

/// One SQLite connection with its prepared-statement cache.
///
/// Not thread-safe and not `Sendable`: each instance is owned by one actor
/// (``SQLiteWriter`` or ``SQLiteReader``), which runs every call on its dedicated thread. The
/// connection is opened in multi-thread mode (`SQLITE_OPEN_NOMUTEX`) because of that confinement.
final class SQLiteConnection {
    /// A prepared statement and how its `$n` placeholders map to bind values.
    private struct Statement {
        let pointer: OpaquePointer
        /// For SQLite parameter index `i + 1`, the bind number `n` of its `$n` name.
        let bindNumbers: [Int]
        /// The number of values the statement needs at least: the highest `$n`.
        let bindCount: Int
        /// Result column names, read once (SQLite keeps them across executions).
        var columns: [String]
    }

    private var handle: OpaquePointer?
    private var statements: [StatementText: Statement] = [:]
    private let statementCacheCapacity: Int

    /// Whether this process keeps SQLite's statement journals in memory; set up before the
    /// process's first connection opens.
    ///
    /// A statement journal holds the original of every page a statement or savepoint changes, so
    /// that it alone can be undone; crash recovery never reads it (the WAL does that). SQLite moves
    /// one to a temporary file once it passes 64 KiB, less than one notification changes, and a
    /// unit joining a group commit keeps one for its savepoint: under load every batch created,
    /// wrote, unlinked and closed a file in `/var/tmp`. In memory, a journal costs what the
    /// unit's own changes weigh, for as long as its transaction lasts. (A finite threshold above
    /// 128 KiB is not an option: Debian's SQLite 3.40.1 then fails a journal that outgrows it
    /// with `SQLITE_FULL`.)
    static let statementJournalsInMemory: Bool = storekeeper_sqlite3_keep_statement_journals_in_memory() == SQLITE_OK

    /// Opens (and for the writer, creates) the database file.
    init(path: String, readOnly: Bool, busyTimeout: Duration, statementCacheCapacity: Int) throws {
        _ = Self.statementJournalsInMemory
        var handle: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let status = sqlite3_open_v2(path, &handle, access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard let handle else {
            throw SQLError(.connectionFailure, "SQLite could not allocate a connection for \(path)")
        }
        guard status == SQLITE_OK else {
            let error = SQLError(sqliteStatus: status, message: String(cString: sqlite3_errmsg(handle)))
            sqlite3_close_v2(handle)
            throw SQLError(
                .connectionFailure, "cannot open SQLite database \(path): \(error.reason)",
                backendCode: error.backendCode)
        }
        self.handle = handle
        self.statementCacheCapacity = max(1, statementCacheCapacity)
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    deinit {
        close()
    }

    /// Finalizes every statement and closes the connection. Later calls throw
    /// ``SQLError/Code/databaseClosed``.
    func close() {
        for statement in statements.values { sqlite3_finalize(statement.pointer) }
        statements = [:]
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// `true` while a transaction is open (SQLite is not in autocommit mode).
    var isInTransaction: Bool {
        guard let handle else { return false }
        return sqlite3_get_autocommit(handle) == 0
    }

    /// Runs one statement; returns its rows when `collectRows` is set and how many rows it
    /// inserted, updated or deleted.
    func run(_ sql: String, _ binds: [SQLValue], collectRows: Bool) throws -> (rows: [SQLRow], changes: Int) {
        let handle = try openHandle()
        let statement = try prepared(sql, handle)
        defer {
            sqlite3_reset(statement.pointer)
            sqlite3_clear_bindings(statement.pointer)
        }
        try bind(binds, to: statement, sql: sql)
        let changesBefore = sqlite3_total_changes64(handle)
        var rows: [SQLRow] = []
        var columns = statement.columns
        while true {
            let status = sqlite3_step(statement.pointer)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw lastError(status) }
            guard collectRows else { continue }
            if rows.isEmpty, Int(sqlite3_column_count(statement.pointer)) != columns.count {
                // A schema change made SQLite re-prepare the statement (`SELECT *` after a migration).
                columns = Self.columnNames(statement.pointer)
                statements[StatementText(sql)]?.columns = columns
            }
            rows.append(SQLRow(columns: columns, values: Self.readRow(statement.pointer)))
        }
        // sqlite3_changes64 keeps the count of the last INSERT/UPDATE/DELETE; only trust it when
        // this statement changed something.
        let changed = sqlite3_total_changes64(handle) != changesBefore
        return (rows, changed ? Int(sqlite3_changes64(handle)) : 0)
    }

    /// Runs a statement that returns no rows of interest, like `BEGIN` or a `PRAGMA` setter.
    func execute(_ sql: String) throws {
        _ = try run(sql, [], collectRows: false)
    }

    /// Runs every statement of a `;`-separated script, without binds and without caching.
    func executeScript(_ sql: String) throws {
        let handle = try openHandle()
        var failure: SQLError?
        sql.withCString { start in
            var cursor: UnsafePointer<CChar>? = start
            while let current = cursor, current.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let status = sqlite3_prepare_v2(handle, current, -1, &statement, &tail)
                guard status == SQLITE_OK else {
                    failure = lastError(status)
                    return
                }
                guard let statement else { return }  // only whitespace or comments were left
                defer { sqlite3_finalize(statement) }
                var step = sqlite3_step(statement)
                while step == SQLITE_ROW { step = sqlite3_step(statement) }
                guard step == SQLITE_DONE else {
                    failure = lastError(step)
                    return
                }
                cursor = tail
            }
        }
        if let failure { throw failure }
    }

    // MARK: Statements

    private func openHandle() throws -> OpaquePointer {
        guard let handle else { throw SQLError(.databaseClosed, "the SQLite database is closed") }
        return handle
    }

    private func prepared(_ sql: String, _ handle: OpaquePointer) throws -> Statement {
        if let cached = statements[StatementText(sql)] { return cached }
        var pointer: OpaquePointer?
        var extraStatement = false
        let status = sql.withCString { start -> Int32 in
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v3(handle, start, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, &tail)
            if status == SQLITE_OK, let tail, tail.pointee != 0 {
                // Whatever follows the first statement must be whitespace or comments.
                var rest: OpaquePointer?
                if sqlite3_prepare_v2(handle, tail, -1, &rest, nil) != SQLITE_OK || rest != nil { extraStatement = true }
                sqlite3_finalize(rest)
            }
            return status
        }
        guard status == SQLITE_OK else { throw lastError(status) }
        guard let pointer else { throw SQLError.invalidStatement("the SQL text holds no statement") }
        guard !extraStatement else {
            sqlite3_finalize(pointer)
            throw SQLError.invalidStatement("the SQL text holds more than one statement; use executeScript")
        }
        let statement: Statement
        do {
            statement = try Self.describeParameters(pointer)
        } catch {
            sqlite3_finalize(pointer)
            throw error
        }
        if statements.count >= statementCacheCapacity, let evicted = statements.first {
            sqlite3_finalize(evicted.value.pointer)
            statements.removeValue(forKey: evicted.key)
        }
        statements[StatementText(sql)] = statement
        return statement
    }

    /// Maps SQLite's parameter indexes to `$n` numbers. Only `$n` placeholders are accepted, so
    /// the SQL is valid PostgreSQL too.
    private static func describeParameters(_ pointer: OpaquePointer) throws -> Statement {
        let count = sqlite3_bind_parameter_count(pointer)
        var numbers: [Int] = []
        if count > 0 {
            for index in 1...count {
                guard let cName = sqlite3_bind_parameter_name(pointer, index) else {
                    throw SQLError.invalidStatement("anonymous ? placeholders are not supported; use $1, $2, ...")
                }
                let name = String(cString: cName)
                guard name.hasPrefix("$"), let number = Int(name.dropFirst()), number >= 1 else {
                    throw SQLError.invalidStatement("placeholder \(name) is not of the form $1, $2, ...")
                }
                numbers.append(number)
            }
        }
        return Statement(
            pointer: pointer, bindNumbers: numbers, bindCount: numbers.max() ?? 0, columns: columnNames(pointer))
    }

    private func bind(_ binds: [SQLValue], to statement: Statement, sql: String) throws {
        // Like PostgreSQL, which is told one type per bound value: too few values is an error,
        // values beyond the highest placeholder are unused.
        guard binds.count >= statement.bindCount else {
            throw SQLError.invalidArguments(
                "the statement uses placeholders up to $\(statement.bindCount) but only \(binds.count) values were bound")
        }
        for (offset, number) in statement.bindNumbers.enumerated() {
            let status = Self.bind(binds[number - 1], to: statement.pointer, at: Int32(offset + 1))
            guard status == SQLITE_OK else { throw lastError(status) }
        }
    }

    private func lastError(_ status: Int32) -> SQLError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
        return SQLError(sqliteStatus: status, message: message)
    }
}

/// A statement cache's key: the SQL text, hashed by its length and its ends. Statements are
/// long (a multi-row upsert is kilobytes) and looked up on every execution; hashing every byte
/// cost more than the lookup saved, while texts that differ almost always differ in length or
/// in their last bytes (bind numbers, row counts). Equal hashes still compare the whole text.
private struct StatementText: Hashable {
    let sql: String

    init(_ sql: String) { self.sql = sql }

    func hash(into hasher: inout Hasher) {
        let utf8 = sql.utf8
        hasher.combine(utf8.count)
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(32))))
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(64))))
        }
        if hashed == nil { hasher.combine(sql) }
    }
}

import StorekeeperSQL
import Synchronization

/// One read-only connection for read transactions, run on the calling thread.
///
/// Reads are index lookups over pages the connection maps into memory (`mmap_size`), so they
/// are short CPU work: running them where the caller already is costs no thread switch. (The
/// writer, whose `COMMIT` waits for an fsync, keeps a thread of its own.) The pool lends a
/// reader to one transaction at a time; the mutex makes that exclusion checkable, and is the only
/// way to the connection (which is not `Sendable`: the mutex owns it, and no call lets it out).
final class SQLiteReader: Sendable {
    private struct State {
        /// `nil` once closed.
        var connection: SQLiteConnection?
        /// The lease running a transaction (0 for none); statements from any other lease are refused.
        var currentLease: UInt64 = 0
        var lastLease: UInt64 = 0
    }

    private let state: Mutex<State>

    init(path: String, configuration: SQLiteDatabase.Configuration) throws {
        let connection = try SQLiteConnection(
            path: path, readOnly: true, busyTimeout: configuration.busyTimeout,
            statementCacheCapacity: configuration.statementCacheCapacity)
        try connection.execute("PRAGMA mmap_size = \(max(0, configuration.readerMemoryMapBytes))")
        try connection.execute("PRAGMA cache_size = -\(max(0, configuration.readerCacheKibibytes))")
        self.state = Mutex(State(connection: connection))
    }

    /// Runs `body` with the open connection, holding the mutex.
    private func withConnection<T: Sendable>(
        _ body: (SQLiteConnection, inout State) throws -> T
    ) throws -> T {
        try state.withLock { state in
            guard let connection = state.connection else {
                throw SQLError(.databaseClosed, "the SQLite database is closed")
            }
            return try body(connection, &state)
        }
    }

    /// Starts a read transaction. Its snapshot is fixed by the first statement and kept until
    /// ``end(lease:)``: WAL readers never see later commits inside one transaction.
    func begin() throws -> UInt64 {
        try withConnection { connection, state in
            try connection.execute("BEGIN DEFERRED")
            state.lastLease += 1
            state.currentLease = state.lastLease
            return state.currentLease
        }
    }

    func run(lease: UInt64, _ sql: String, _ binds: [SQLValue], collectRows: Bool) throws -> (rows: [SQLRow], changes: Int) {
        try withConnection { connection, state in
            guard lease == state.currentLease else { throw SQLError.transactionClosed() }
            return try connection.run(sql, binds, collectRows: collectRows)
        }
    }

    func executeScript(lease: UInt64, _ sql: String) throws {
        try withConnection { connection, state in
            guard lease == state.currentLease else { throw SQLError.transactionClosed() }
            try connection.executeScript(sql)
        }
    }

    /// Ends the read transaction, releasing its snapshot.
    func end(lease: UInt64) throws {
        try withConnection { connection, state in
            guard lease == state.currentLease else { throw SQLError.transactionClosed() }
            state.currentLease = 0
            if connection.isInTransaction { try connection.execute("ROLLBACK") }
        }
    }

    func close() {
        state.withLock { state in
            state.connection?.close()
            state.connection = nil
            state.currentLease = 0
        }
    }
}

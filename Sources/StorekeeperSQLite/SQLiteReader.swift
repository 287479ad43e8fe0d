import StorekeeperSQL

/// One read-only connection for read transactions, on its own thread.
actor SQLiteReader {
    private nonisolated let executor: DedicatedThreadExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let connection: SQLiteConnection
    /// The lease running a transaction (0 for none); statements from any other lease are refused.
    private var currentLease: UInt64 = 0
    private var lastLease: UInt64 = 0

    init(path: String, index: Int, configuration: SQLiteDatabase.Configuration) throws {
        self.executor = DedicatedThreadExecutor(name: "storekeeper-sqlite-reader-\(index)")
        do {
            self.connection = try SQLiteConnection(
                path: path, readOnly: true, busyTimeout: configuration.busyTimeout,
                statementCacheCapacity: configuration.statementCacheCapacity)
        } catch {
            executor.stop()
            throw error
        }
    }

    deinit {
        executor.stop()
    }

    /// Starts a read transaction. Its snapshot is fixed by the first statement and kept until
    /// ``end(lease:)``: WAL readers never see later commits inside one transaction.
    func begin() throws -> UInt64 {
        try connection.execute("BEGIN DEFERRED")
        lastLease += 1
        currentLease = lastLease
        return currentLease
    }

    func run(lease: UInt64, _ sql: String, _ binds: [SQLValue], collectRows: Bool) throws -> (rows: [SQLRow], changes: Int) {
        guard lease == currentLease else { throw SQLError.transactionClosed() }
        return try connection.run(sql, binds, collectRows: collectRows)
    }

    func executeScript(lease: UInt64, _ sql: String) throws {
        guard lease == currentLease else { throw SQLError.transactionClosed() }
        try connection.executeScript(sql)
    }

    /// Ends the read transaction, releasing its snapshot.
    func end(lease: UInt64) throws {
        guard lease == currentLease else { throw SQLError.transactionClosed() }
        currentLease = 0
        if connection.isInTransaction { try connection.execute("ROLLBACK") }
    }

    func close() {
        connection.close()
    }
}

import StorekeeperSQL

/// The transaction handle given to `SQLiteDatabase` bodies: statements run on the connection
/// (writer or reader) that holds the transaction, on that connection's thread.
struct SQLiteTransaction: SQLTransaction {
    enum Connection {
        case writer(SQLiteWriter, unit: UInt64)
        case reader(SQLiteReader, lease: UInt64)
    }

    let connection: Connection
    let state: TransactionState

    var dialect: SQLDialect { .sqlite }

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await state.statement {
            try SQLValue.requireStorableText(binds)
            return try await run(sql, binds, collectRows: true).rows
        }
    }

    @discardableResult
    func execute(_ sql: String, _ binds: [SQLValue]) async throws -> Int {
        try await state.statement {
            try SQLValue.requireStorableText(binds)
            return try await run(sql, binds, collectRows: false).changes
        }
    }

    /// In-process statements cost no round trip: a deferred write runs at once.
    func deferWrite(_ sql: String, _ binds: [SQLValue]) async throws {
        try await execute(sql, binds)
    }

    func executeScript(_ sql: String) async throws {
        try await state.statement {
            switch connection {
            case .writer(let writer, let unit): try await writer.executeScript(unit: unit, sql)
            case .reader(let reader, let lease): try reader.executeScript(lease: lease, sql)
            }
        }
    }

    /// Write transactions already run one at a time, so there is nothing to lock; the call still
    /// fails like any statement once the transaction is closed or aborted.
    func advisoryLocks(_ keys: [Int64]) async throws {
        try await state.statement {}
    }

    private func run(_ sql: String, _ binds: [SQLValue], collectRows: Bool) async throws -> (rows: [SQLRow], changes: Int) {
        switch connection {
        case .writer(let writer, let unit):
            // A write body runs on the writer's thread (`SQLiteDatabase.write`): the statement
            // runs there and then, without queueing a job to enter the actor and another to leave.
            if writer.executor.isCurrentThread {
                return try writer.runOnItsThread(unit: unit, sql, binds, collectRows: collectRows)
            }
            return try await writer.run(unit: unit, sql, binds, collectRows: collectRows)
        case .reader(let reader, let lease):
            return try reader.run(lease: lease, sql, binds, collectRows: collectRows)
        }
    }
}

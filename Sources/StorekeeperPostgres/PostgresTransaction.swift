import Foundation
import Logging
import PostgresNIO
import StorekeeperSQL
import Synchronization

/// The transaction handle given to `PostgreSQLDatabase` bodies: statements run on the leased
/// connection, in order.
struct PostgresTransaction: SQLTransaction {
    let connection: PostgresConnection
    let state: TransactionState
    /// Nil when statements are not prepared (a pooler that does not support it).
    let prepared: PreparedStatementMemory?
    /// Mixed into every advisory lock key: the database's ``PostgreSQLDatabase/advisoryLockNamespace``.
    let lockNamespace: Int64
    /// Set when the connection must be closed rather than given back to the pool.
    let discard = ConnectionDiscard()
    let logger: Logger
    /// The connection's event loop as the transaction's task executor: the body and its
    /// statements run there (see ``PostgreSQLDatabase``), so sending a statement and resuming
    /// after its answer need no hop between threads.
    let executor: EventLoopTaskExecutor
    /// Writes waiting to be carried by the next statement (``SQLTransaction/deferWrite(_:_:)``).
    let deferred = DeferredWrites()

    init(
        connection: PostgresConnection, state: TransactionState, prepared: PreparedStatementMemory?, lockNamespace: Int64,
        logger: Logger
    ) {
        self.connection = connection
        self.state = state
        self.prepared = prepared
        self.lockNamespace = lockNamespace
        self.logger = logger
        self.executor = EventLoopTaskExecutor(connection.eventLoop)
    }

    var dialect: SQLDialect { .postgresql }

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await state.statement {
            try SQLValue.requireStorableText(binds)
            return try await send(sql, binds, collectRows: true).rows
        }
    }

    @discardableResult
    func execute(_ sql: String, _ binds: [SQLValue]) async throws -> Int {
        try await state.statement {
            try SQLValue.requireStorableText(binds)
            return try await send(sql, binds, collectRows: false).changes
        }
    }

    /// Kept until the next statement, which carries it (``DeferredWrites``), or the commit.
    func deferWrite(_ sql: String, _ binds: [SQLValue]) async throws {
        try await state.statement {
            try SQLValue.requireStorableText(binds)
            try await sendAlone(deferred.add(sql, binds))
        }
    }

    /// Sends the deferred writes no statement carried; the commit calls this last.
    func sendDeferredWrites() async throws {
        guard !deferred.isEmpty else { return }
        try await state.statement { try await sendAlone(deferred.takeAll()) }
    }

    /// PostgresNIO speaks only the extended protocol (one statement per query), so the script is
    /// split into statements first.
    func executeScript(_ sql: String) async throws {
        try await state.statement {
            try await sendAlone(deferred.takeAll())
            for statement in PostgresScript.statements(in: sql) {
                try await run(statement, [], collectRows: false)
            }
        }
    }

    /// One `SELECT` whose columns take the locks left to right (PostgreSQL evaluates a row's
    /// target list in order), so the keys are locked in the order given.
    func advisoryLocks(_ keys: [Int64]) async throws {
        guard !keys.isEmpty else { return }
        _ = try await query(Self.lockStatements[keys.count], keys.map { SQLValue.integer($0 ^ lockNamespace) })
    }

    /// Writes lock a customer and one or two purchases: their statements are built once (by key
    /// count).
    private static let lockStatements = RowCountStatements(upTo: 4) { count in
        "SELECT " + (1...count).map { "pg_advisory_xact_lock($\($0))" }.joined(separator: ", ")
    }

    /// Runs one statement. Returns the rows (when asked), the number of rows inserted, updated,
    /// deleted or merged, and the command tag.
    @discardableResult
    func run(
        _ sql: String, _ binds: [SQLValue], collectRows: Bool
    ) async throws -> (rows: [SQLRow], changes: Int, command: String) {
        let result: PostgresQueryResult
        do {
            let query = PostgresQuery(unsafeSQL: sql, binds: Self.bindings(binds))
            result = try await withTaskExecutorPreference(executor) {
                try await Self.send(query, on: connection, logger: logger).get()
            }
        } catch {
            throw SQLError(postgres: error)
        }
        let rows = collectRows ? try result.rows.map(Self.row) : []
        return (rows, Self.changes(result.metadata), result.metadata.command)
    }

    private static func bindings(_ binds: [SQLValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: binds.count)
        for value in binds {
            switch value {
            case .null: bindings.appendNull()
            case .integer(let value): bindings.append(value)
            case .real(let value): bindings.append(value)
            case .text(let value): bindings.append(value)
            case .blob(let value): bindings.append(ByteBuffer(bytes: value))
            }
        }
        return bindings
    }

    /// Sends `sql` with the deferred writes it can carry, after those it cannot (alone).
    private func send(_ sql: String, _ binds: [SQLValue], collectRows: Bool) async throws -> (rows: [SQLRow], changes: Int) {
        var carried: [DeferredWrites.Write] = []
        if !deferred.isEmpty {
            if let writes = deferred.take(for: sql) {
                carried = writes
            } else {
                try await sendAlone(deferred.takeAll())
            }
        }
        return try await send(sql, binds, carrying: carried, collectRows: collectRows)
    }

    /// Sends `writes` as one statement, the last carrying the others.
    private func sendAlone(_ writes: [DeferredWrites.Write]) async throws {
        guard let last = writes.last else { return }
        _ = try await send(last.sql, last.binds, carrying: Array(writes.dropLast()), collectRows: false)
    }

    /// Sends `carrier` with `writes` in front of it (prepared unless statements are not).
    private func send(
        _ carrier: String, _ binds: [SQLValue], carrying writes: [DeferredWrites.Write], collectRows: Bool
    ) async throws -> (rows: [SQLRow], changes: Int) {
        let (sql, allBinds) = writes.isEmpty ? (carrier, binds) : DeferredWrites.statement(writes, carrying: carrier, binds)
        let entry =
            prepared == nil
            ? nil
            : PreparedStatements.entry(for: sql, allBinds) {
                // The carrier counts its changes; the writes in front of it return nothing.
                PreparedStatements.countingCommand(carrier).map { command in
                    writes.isEmpty ? command : DeferredWrites.statement(writes, carrying: command, binds).sql
                }
            }
        if let entry, collectRows || entry.countsChanges {
            return try await runPrepared(entry, allBinds, as: collectRows ? .query : .command)
        }
        let result = try await run(sql, allBinds, collectRows: collectRows)
        return (result.rows, result.changes)
    }

    /// Starts the transaction: a prepared statement like any other (sent as one cost PostgresNIO
    /// a parse, a description and a result's metadata each time). COMMIT is not one: only an
    /// unprepared statement's command tag says whether PostgreSQL committed or rolled back.
    func begin(_ sql: String) async throws {
        _ = try await send(sql, [], carrying: [], collectRows: true)
    }

    private enum PreparedKind { case query, command }

    /// Runs a prepared statement: its rows for a query, the rows it changed for a command.
    private func runPrepared(
        _ entry: PreparedStatements.Entry, _ binds: [SQLValue], as kind: PreparedKind
    ) async throws -> (rows: [SQLRow], changes: Int) {
        let bindings = Self.bindings(binds)
        let firstRun = prepared?.hasRun(entry.index, on: connection.id) == false
        do {
            let result = try await Self.sendPrepared(entry, kind, bindings, on: connection, executor: executor, logger: logger)
            if firstRun { prepared?.recordRun(entry.index, on: connection.id) }
            return (try result.rows.map(Self.row), result.changes)
        } catch {
            if firstRun { discard.require() }
            throw SQLError(postgres: error)
        }
    }

    /// Sends the prepared statement `entry` from the connection's event loop (`executor`), after
    /// checking the connection is open, for the reason ``send(_:on:logger:)`` gives. PostgresNIO's
    /// `execute` writes the statement before its first suspension, so the check and the write
    /// happen in one turn of the loop; the statement types read their name and SQL from
    /// ``PreparedStatements/sending``, bound around the call. Inside a transaction the task
    /// already prefers `executor` and runs on its loop: no hop.
    private static func sendPrepared(
        _ entry: PreparedStatements.Entry, _ kind: PreparedKind, _ bindings: PostgresBindings,
        on connection: PostgresConnection, executor: EventLoopTaskExecutor, logger: Logger
    ) async throws -> (rows: [PostgresRow], changes: Int) {
        try await PreparedStatements.$sending.withValue(entry) {
            try await withTaskExecutorPreference(executor) {
                guard !connection.isClosed else {
                    throw SQLError(.connectionFailure, "the PostgreSQL connection is closed")
                }
                switch kind {
                case .query:
                    var rows: [PostgresRow] = []
                    for try await row in try await connection.execute(NamedQuery(bindings: bindings), logger: logger) {
                        rows.append(row)
                    }
                    return (rows, 0)
                case .command:
                    var changes = 0
                    for try await _ in try await connection.execute(NamedCommand(bindings: bindings), logger: logger) {
                        changes += 1
                    }
                    return ([], changes)
                }
            }
        }
    }

    /// Sends `query` from the connection's event loop, or fails if the connection has closed.
    ///
    /// PostgresNIO hands a query to the connection's channel without a write promise. On a
    /// connection that has already closed (the pool force-closes leased connections when it stops,
    /// or the server went away) that write fails where nobody hears it and the query's future is
    /// never completed: a statement sent then, such as the `ROLLBACK` after a failure, would wait
    /// forever and hold its request and the server's shutdown with it. On the event loop the
    /// channel cannot close between the check and the write; while it is open, PostgresNIO fails
    /// every query it holds when the connection goes away.
    /// Called on the loop (a transaction's statements are), it sends at once instead of queueing
    /// a job there.
    static func send(
        _ query: PostgresQuery, on connection: PostgresConnection, logger: Logger
    ) -> EventLoopFuture<PostgresQueryResult> {
        @Sendable func checkedSend() -> EventLoopFuture<PostgresQueryResult> {
            guard !connection.isClosed else {
                return connection.eventLoop.makeFailedFuture(
                    SQLError(.connectionFailure, "the PostgreSQL connection is closed"))
            }
            return connection.query(query, logger: logger)
        }
        return connection.eventLoop.inEventLoop ? checkedSend() : connection.eventLoop.flatSubmit(checkedSend)
    }

    /// Rows changed according to the command tag (`INSERT 0 3`, `UPDATE 2`, `MERGE 1`, ...).
    private static func changes(_ metadata: PostgresQueryMetadata) -> Int {
        switch metadata.command {
        case "INSERT", "UPDATE", "DELETE": return metadata.rows ?? 0
        case let tag where tag.hasPrefix("MERGE "): return Int(tag.dropFirst("MERGE ".count)) ?? 0
        default: return 0
        }
    }

    private static func row(_ row: PostgresRow) throws -> SQLRow {
        var columns: [String] = []
        var values: [SQLValue] = []
        for cell in row {
            columns.append(cell.columnName)
            values.append(try value(cell))
        }
        return SQLRow(columns: columns, values: values)
    }

    /// Maps a PostgreSQL value to the storage classes both backends share.
    private static func value(_ cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        do {
            switch cell.dataType {
            case .int2, .int4, .int8:
                return .integer(try cell.decode(Int64.self))
            case .bool:
                return .integer(try cell.decode(Bool.self) ? 1 : 0)
            case .float4, .float8:
                return .real(try cell.decode(Double.self))
            case .text, .varchar, .bpchar, .name, .json, .jsonb, .unknown:
                return .text(try cell.decode(String.self))
            case .uuid:
                return .text(try cell.decode(UUID.self).lowercasedString)
            case .bytea:
                var buffer = try cell.decode(ByteBuffer.self)
                return .blob(buffer.readBytes(length: buffer.readableBytes) ?? [])
            case .numeric:
                // SUM and AVG of BIGINT are NUMERIC: an integer when it is one, else its decimal text.
                let text = try cell.decode(Decimal.self).description
                return Int64(text).map(SQLValue.integer) ?? .text(text)
            case .void:
                return .null
            default:
                throw SQLError(
                    .unsupportedType,
                    "column \"\(cell.columnName)\" has PostgreSQL type \(cell.dataType), which has no SQLValue; "
                        + "cast it to BIGINT, TEXT, BYTEA or DOUBLE PRECISION")
            }
        } catch let error as PostgresDecodingError {
            throw SQLError.typeMismatch("column \"\(cell.columnName)\" could not be decoded: \(error.code)")
        }
    }
}

/// Marks a transaction's connection to be closed instead of given back to the pool.
final class ConnectionDiscard: Sendable {
    private let required = Atomic(false)

    func require() { required.store(true, ordering: .relaxed) }

    var isRequired: Bool { required.load(ordering: .relaxed) }
}

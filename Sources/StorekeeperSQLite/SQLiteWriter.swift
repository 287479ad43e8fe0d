import Logging
import StorekeeperSQL

/// The single writing connection, with group commit.
///
/// Write transactions ("units") take turns: one unit at a time runs its body. While a unit runs,
/// the next ones queue. Units share an SQLite transaction (a batch):
///
/// 1. the first unit of a batch opens it with `BEGIN IMMEDIATE`; every later unit runs inside a
///    `SAVEPOINT`;
/// 2. a unit whose body succeeds waits (a later one's savepoint is `RELEASE`d first); a unit whose
///    body fails is undone and its caller resumed at once: the other units are untouched. A later
///    unit is rolled back to its savepoint; the first unit is alone in the transaction, which is
///    rolled back whole;
/// 3. when no unit is queued (or the batch reached its limit), the batch `COMMIT`s with one fsync,
///    and only then are its units' callers resumed with success.
///
/// Under concurrent load this turns N fsyncs into one; a lone writer pays nothing for it. The first
/// unit goes without a savepoint because a savepoint copies the original of every page it changes
/// into a statement journal (in memory, see ``SQLiteConnection/statementJournalsInMemory``), which
/// a unit alone in its transaction never needs: a lone notification would pay 1.5–2.4 % more
/// instructions and 54–71 more allocations for it (release gates). If
/// SQLite itself aborts the transaction (I/O error, full disk) or the `COMMIT` fails, every unit of
/// the batch fails with that error: none of them was committed.
actor SQLiteWriter {
    /// The connection's thread; its ``DedicatedThreadExecutor/taskExecutor`` is where write
    /// transactions' bodies run.
    nonisolated let executor: DedicatedThreadExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// Notices a unit's body suspended on something other than its statements.
    nonisolated let watch: WriteBodyWatch

    private let connection: SQLiteConnection
    private let groupCommitLimit: Int
    let logger: Logger

    /// A unit holds the turn: it is starting, running its body, or finishing.
    private var turnTaken = false
    /// Units waiting for the turn, first come first served.
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The units of the open SQLite transaction that succeeded and wait for its `COMMIT`; `nil`
    /// when no transaction is open.
    private var batch: [CheckedContinuation<Void, any Error>]?
    /// The unit holding the turn (0 for none); a statement from any other unit is refused.
    private var currentUnit: UInt64 = 0
    /// Whether the unit holding the turn runs in a savepoint (it joined an open batch) or opened
    /// the SQLite transaction itself.
    private var currentUnitHasSavepoint = false
    private var lastUnit: UInt64 = 0
    private var isClosed = false

    private static let savepoint = "storekeeper_unit"

    init(path: String, configuration: SQLiteDatabase.Configuration, logger: Logger) throws {
        let watch = WriteBodyWatch()
        self.watch = watch
        self.executor = DedicatedThreadExecutor(name: "storekeeper-sqlite-writer", whenIdle: { watch.threadIdle() })
        self.logger = logger
        self.groupCommitLimit = max(1, configuration.groupCommitLimit)
        do {
            self.connection = try SQLiteConnection(
                path: path, readOnly: false, busyTimeout: configuration.busyTimeout,
                statementCacheCapacity: configuration.statementCacheCapacity)
        } catch {
            executor.stop()
            throw error
        }
    }

    deinit {
        executor.stop()
    }

    /// Puts the database in WAL mode with full durability. Run once, before any reader opens.
    func configure() throws {
        let mode = try connection.run("PRAGMA journal_mode = WAL", [], collectRows: true).rows.first?.optionalString(0)
        guard mode == "wal" else {
            throw SQLError.invalidConfiguration(
                "SQLite could not enable WAL journaling (journal mode is \(mode ?? "unknown")); "
                    + "use a file on a local disk, not :memory:")
        }
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.execute("PRAGMA foreign_keys = ON")
        // A WAL left by a process that did not close cleanly holds committed pages that every read
        // would fetch from the log until a later write checkpoints them: fold it into the
        // database now, while no reader is open, and keep the log from staying large afterwards.
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try connection.execute("PRAGMA journal_size_limit = \(64 * 1024 * 1024)")
    }

    /// Waits for the turn and starts a unit. Returns its identifier for ``run`` and ``end``.
    func begin() async throws -> UInt64 {
        try checkOpen()
        if turnTaken {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            turnTaken = true
        }
        do {
            try checkOpen()
            if batch == nil {
                try connection.execute("BEGIN IMMEDIATE")
                batch = []
                currentUnitHasSavepoint = false
            } else {
                try connection.execute("SAVEPOINT \(Self.savepoint)")
                currentUnitHasSavepoint = true
            }
        } catch {
            if batch != nil { failBatch(error) }
            passTurn()
            throw error
        }
        lastUnit += 1
        currentUnit = lastUnit
        return currentUnit
    }

    /// Runs one statement of the unit holding the turn.
    func run(unit: UInt64, _ sql: String, _ binds: [SQLValue], collectRows: Bool) throws -> (rows: [SQLRow], changes: Int) {
        guard unit == currentUnit else { throw SQLError.transactionClosed() }
        return try connection.run(sql, binds, collectRows: collectRows)
    }

    /// ``run(unit:_:_:collectRows:)`` called on the writer's thread, where only one job runs at a
    /// time (``DedicatedThreadExecutor/isCurrentThread``): no job is queued to enter the actor.
    ///
    /// It does what `assumeIsolated` does (call the isolated method as a plain function once the
    /// isolation is known to hold) without its closure context, which `assumeIsolated`, being
    /// generic, allocates at every call: two allocations per statement.
    nonisolated func runOnItsThread(
        unit: UInt64, _ sql: String, _ binds: [SQLValue], collectRows: Bool
    ) throws -> (rows: [SQLRow], changes: Int) {
        precondition(executor.isCurrentThread, "a statement of the SQLite writer ran off its thread")
        typealias Isolated = (isolated SQLiteWriter, UInt64, String, [SQLValue], Bool) throws -> (rows: [SQLRow], changes: Int)
        typealias Plain = (SQLiteWriter, UInt64, String, [SQLValue], Bool) throws -> (rows: [SQLRow], changes: Int)
        let isolated: Isolated = { writer, unit, sql, binds, collectRows in
            try writer.run(unit: unit, sql, binds, collectRows: collectRows)
        }
        return try unsafeBitCast(isolated, to: Plain.self)(self, unit, sql, binds, collectRows)
    }

    func executeScript(unit: UInt64, _ sql: String) throws {
        guard unit == currentUnit else { throw SQLError.transactionClosed() }
        try connection.executeScript(sql)
    }

    /// Ends a unit. With `commit`, releases its savepoint and returns once its batch is durably
    /// committed (or throws why it was not); otherwise rolls it back and returns at once.
    func end(unit: UInt64, commit: Bool) async throws {
        guard unit == currentUnit, unit != 0 else { throw SQLError.transactionClosed() }
        currentUnit = 0
        guard commit else {
            rollBackUnit()
            passTurn()
            return
        }
        do {
            guard connection.isInTransaction else {
                throw SQLError(.databaseError, "the write transaction ended early (a statement ran COMMIT or ROLLBACK)")
            }
            if currentUnitHasSavepoint { try connection.execute("RELEASE \(Self.savepoint)") }
        } catch {
            rollBackUnit()
            passTurn()
            throw error
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            if batch == nil {
                continuation.resume(throwing: SQLError(.databaseError, "the write transaction was lost before COMMIT"))
            } else {
                batch?.append(continuation)
            }
            passTurn()
        }
    }

    /// Stops accepting units and closes the connection once the running unit, if any, is done.
    func close() {
        isClosed = true
        if !turnTaken { connection.close() }
    }

    // MARK: Turn and batch

    private func checkOpen() throws {
        if isClosed { throw SQLError(.databaseClosed, "the SQLite database is closed") }
    }

    /// Undoes the current unit only; if SQLite already rolled the whole transaction back, the
    /// batch is lost and fails.
    private func rollBackUnit() {
        guard connection.isInTransaction else {
            failBatch(SQLError(.databaseError, "SQLite rolled back the whole write transaction after an error"))
            return
        }
        guard currentUnitHasSavepoint else {
            // The unit opened the transaction and no other unit has joined it (units join after
            // the current one ends): undoing the unit is rolling the whole transaction back.
            assert(batch?.isEmpty ?? true, "a unit without a savepoint shared its transaction")
            batch = nil
            rollBackTransaction()
            return
        }
        do {
            try connection.execute("ROLLBACK TO \(Self.savepoint)")
            try connection.execute("RELEASE \(Self.savepoint)")
        } catch {
            failBatch(error)
        }
    }

    /// Gives the turn to the next waiting unit, committing the batch first unless that unit can
    /// join it.
    private func passTurn() {
        if let batch, batch.count < groupCommitLimit, !waiting.isEmpty, !isClosed {
            waiting.removeFirst().resume()
            return
        }
        commitBatch()
        if waiting.isEmpty {
            turnTaken = false
            if isClosed { connection.close() }
        } else {
            waiting.removeFirst().resume()
        }
    }

    private func commitBatch() {
        guard let units = batch else { return }
        batch = nil
        do {
            try connection.execute("COMMIT")
        } catch {
            logger.error(
                "SQLite COMMIT failed", metadata: ["storekeeper.sql.error": "\(error)", "storekeeper.sql.units": "\(units.count)"])
            rollBackTransaction()
            for unit in units { unit.resume(throwing: error) }
            return
        }
        for unit in units { unit.resume() }
    }

    private func failBatch(_ error: any Error) {
        let units = batch ?? []
        batch = nil
        rollBackTransaction()
        for unit in units { unit.resume(throwing: error) }
    }

    private func rollBackTransaction() {
        guard connection.isInTransaction else { return }
        do {
            try connection.execute("ROLLBACK")
        } catch {
            logger.error("SQLite ROLLBACK failed", metadata: ["storekeeper.sql.error": "\(error)"])
        }
    }
}

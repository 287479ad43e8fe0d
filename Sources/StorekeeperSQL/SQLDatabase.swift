/// A transactional SQL database: embedded SQLite or shared PostgreSQL.
///
/// All work happens inside a transaction. Statements use PostgreSQL's `$1, $2, ...` placeholders
/// on both backends; a placeholder may appear several times and in any order.
///
/// ```swift
/// let balance = try await database.write { tx in
///     try await tx.advisoryLock(SQLAdvisoryLock.key(for: "customer:\(customerID)"))
///     try await tx.execute(
///         "INSERT INTO ledger (customer_id, amount, idempotency_key) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
///         [.text(customerID), .integer(amount), .text(key)])
///     return try await tx.query("SELECT SUM(amount) FROM ledger WHERE customer_id = $1", [.text(customerID)])
///         .first?.optionalInt64(0) ?? 0
/// }
/// ```
///
/// The bodies run on the caller's actor (they are `nonisolated(nonsending)`), so they may touch
/// the caller's state and return non-`Sendable` values. A `write` body awaits only its own
/// statements: no network, sleep, other actor or other task inside it, since on SQLite every
/// other writer waits for it. SQLite refuses a body that suspends on anything else in debug
/// builds (``SQLError/Code/writeBodySuspended``) and logs it in release builds; a body isolated
/// to an actor waits for that actor between statements, so call `write` from nonisolated code.
/// docs/DESIGN.md, "Storage rules", lists every rule storage correctness rests on.
///
/// Errors a body sees are ``SQLError``s. After any statement fails, the transaction is aborted on
/// both backends (as PostgreSQL does natively): later statements throw
/// ``SQLError/Code/transactionAborted`` and the body should throw; if it returns normally anyway,
/// `write` rolls back and throws ``SQLError/Code/transactionAborted``. Use
/// `INSERT ... ON CONFLICT DO NOTHING` rather than catching unique violations.
public protocol SQLDatabase: Sendable {
    /// The SQL dialect of this backend.
    var dialect: SQLDialect { get }

    /// Runs `body` in one read-write transaction.
    ///
    /// Returns only after the transaction is committed durably; if `body` throws, everything it
    /// did is rolled back and the error is rethrown. Throws ``SQLError`` for database failures;
    /// when ``SQLError/isRetryable`` is `true`, running the whole `write` again may succeed.
    /// Calling `write` again inside `body` throws ``SQLError/Code/nestedTransaction``.
    @discardableResult
    nonisolated(nonsending) func write<T>(
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T

    /// Runs `body` in one read-only transaction that sees a single consistent snapshot of the
    /// database (every statement sees the same committed state). Writing throws
    /// ``SQLError/Code/readOnlyTransaction``.
    @discardableResult
    nonisolated(nonsending) func read<T>(
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T
}

/// The statements of one transaction. Valid only inside the `read` or `write` body that received
/// it; using it afterwards throws ``SQLError/Code/transactionClosed``.
public protocol SQLTransaction: Sendable {
    /// The SQL dialect of this backend.
    var dialect: SQLDialect { get }

    /// Runs one statement and returns all its rows (a `SELECT`, or any statement with `RETURNING`).
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]

    /// Runs one statement and returns how many rows it inserted, updated or deleted (0 for other
    /// statements). Rows it returns are discarded.
    @discardableResult
    func execute(_ sql: String, _ binds: [SQLValue]) async throws -> Int

    /// Runs an `INSERT`, `UPDATE` or `DELETE` whose answer nobody reads (no `RETURNING`, no
    /// `WITH`) no later than the transaction's next statement or its commit, whichever comes
    /// first. Later statements see its changes and its error fails the transaction, as if it had
    /// run at once; only the moment its error is thrown may differ. SQLite runs it at once;
    /// PostgreSQL sends it in front of the next statement, saving a round trip (the rules are in
    /// `DeferredWrites`). Use it for writes that record (audit events, counters, rows ensured
    /// to exist), not for those a decision rests on.
    func deferWrite(_ sql: String, _ binds: [SQLValue]) async throws

    /// Runs several `;`-separated statements without binds, for schema changes in migrations.
    func executeScript(_ sql: String) async throws

    /// Takes an exclusive lock on each key, in the order given and in one round trip, until the
    /// transaction ends, waiting for other transactions holding one (`pg_advisory_xact_lock` on
    /// PostgreSQL). Use it to serialize the writes of one customer across several Storekeeper
    /// instances. A no-op when ``SQLDialect/serializesWrites`` is `true`.
    func advisoryLocks(_ keys: [Int64]) async throws
}

extension SQLTransaction {
    /// ``advisoryLocks(_:)`` of one key.
    public func advisoryLock(_ key: Int64) async throws {
        try await advisoryLocks([key])
    }

    /// Runs a statement without binds and returns its rows.
    public func query(_ sql: String) async throws -> [SQLRow] {
        try await query(sql, [])
    }

    /// Runs a statement without binds and returns how many rows it changed.
    @discardableResult
    public func execute(_ sql: String) async throws -> Int {
        try await execute(sql, [])
    }

    /// Runs a query and returns its first row, if any.
    public func queryFirst(_ sql: String, _ binds: [SQLValue] = []) async throws -> SQLRow? {
        try await query(sql, binds).first
    }
}

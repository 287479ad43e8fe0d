public import Logging
public import PostgresNIO
public import ServiceLifecycle
public import StorekeeperSQL

/// The PostgreSQL backend, for several Storekeeper instances sharing one database.
///
/// It wraps a `PostgresClient` (a connection pool), which must be running while the database is
/// used. Either add the database to the application's `ServiceGroup` (it is a `Service`; it stops
/// on graceful shutdown, so list it before the services that use it):
///
/// ```swift
/// let database = try PostgreSQLDatabase(url: "postgres://storekeeper:secret@db:5432/storekeeper?sslmode=require", logger: logger)
/// let group = ServiceGroup(services: [database, server], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
///
/// or run it for the duration of a scope with ``withRunning(_:)``:
///
/// ```swift
/// try await database.withRunning {
///     try await Migrator(migrations: schema, logger: logger).migrate(database)
/// }
/// ```
///
/// `run()` may be called only once per instance.
///
/// Transactions lease one connection each. `write` runs `BEGIN ISOLATION LEVEL READ COMMITTED`
/// (every statement sees the latest committed rows: take ``SQLTransaction/advisoryLock(_:)`` or
/// row locks before reading what you will change); `read` runs `REPEATABLE READ, READ ONLY`, one
/// snapshot for the whole transaction.
public struct PostgreSQLDatabase: SQLDatabase, Service {
    /// The underlying client, for metrics or `LISTEN`; transactions should go through `write`/`read`.
    public let client: PostgresClient
    /// How long a transaction waits for a pooled connection (all in use, or the server
    /// unreachable) before failing with ``SQLError/Code/connectionFailure``.
    public let leaseTimeout: Duration
    /// Deadlines of leases still waiting for a connection.
    let leaseDeadlines = LeaseDeadlines()
    /// Nil when statements run unprepared; see ``init(configuration:leaseTimeout:preparedStatements:logger:)``.
    private let preparedStatements: PreparedStatementMemory?
    /// XORed into every advisory lock key this database takes: 0 for the default schema (the keys
    /// as ``SQLAdvisoryLock`` derives them), a hash of the schema's name when the configuration sets
    /// one (`search_path`, the URL's `schema`).
    ///
    /// PostgreSQL's advisory locks belong to the whole database, not to a schema: without this, two
    /// deployments in two schemas of one database (or tests, each in a schema of its own) would
    /// wait on each other's customer locks and queue behind each other's migrations. Instances of
    /// one deployment share their schema, so they still exclude each other.
    public let advisoryLockNamespace: Int64
    private let logger: Logger

    public var dialect: SQLDialect { .postgresql }

    /// A database reached with `configuration`. The pool logs to `logger`.
    ///
    /// With `preparedStatements` (the default) every statement Storekeeper runs more than once
    /// is a named prepared statement on each connection, parsed and planned once there. Turn it
    /// off behind a pooler that hands one client's statements to several server connections and
    /// does not track prepared statements (PgBouncer in transaction mode before 1.21, or with
    /// `max_prepared_statements = 0`).
    public init(
        configuration: PostgresClient.Configuration, leaseTimeout: Duration = .seconds(10), preparedStatements: Bool = true,
        logger: Logger
    ) {
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.leaseTimeout = leaseTimeout
        self.preparedStatements = preparedStatements ? PreparedStatementMemory() : nil
        self.advisoryLockNamespace = Self.advisoryLockNamespace(configuration)
        self.logger = logger
    }

    /// See ``advisoryLockNamespace``: the last `search_path` startup parameter wins, as on the server.
    static func advisoryLockNamespace(_ configuration: PostgresClient.Configuration) -> Int64 {
        guard let schema = configuration.options.additionalStartupParameters.last(where: { $0.0 == "search_path" })?.1,
            !schema.isEmpty, schema != "public"
        else { return 0 }
        return SQLAdvisoryLock.key(for: "storekeeper.schema:" + schema)
    }

    /// A database reached with a `postgres://` URL; see ``configuration(url:)``, and its
    /// `prepared_statements` parameter.
    public init(url: String, leaseTimeout: Duration = .seconds(10), logger: Logger) throws(SQLError) {
        self.init(
            configuration: try Self.configuration(url: url), leaseTimeout: leaseTimeout,
            preparedStatements: try Self.preparesStatements(url: url), logger: logger)
    }

    /// Runs the connection pool until the task is cancelled or a graceful shutdown is triggered.
    public func run() async {
        await client.run()
    }

    /// Runs the pool while `body` runs, then stops it and waits until it stopped.
    ///
    /// The pool keeps running until `body` has returned, even when the calling task is
    /// cancelled: stopping it earlier would close connections under `body`'s transactions.
    @discardableResult
    public nonisolated(nonsending) func withRunning<T>(_ body: nonisolated(nonsending) () async throws -> T) async throws -> T {
        let pool = Task { await self.run() }
        let result: Result<T, any Error>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        pool.cancel()
        await pool.value
        return try result.get()
    }

    @discardableResult
    public nonisolated(nonsending) func write<T>(
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T {
        try await WriteNesting.write(on: ObjectIdentifier(client)) {
            try await transaction(begin: "BEGIN ISOLATION LEVEL READ COMMITTED, READ WRITE", body)
        }
    }

    @discardableResult
    public nonisolated(nonsending) func read<T>(
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T {
        try await transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", body)
    }

    private nonisolated(nonsending) func transaction<T>(
        begin: String,
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async throws -> T {
        try await withLeasedConnection { connection in
            await transaction(on: connection, begin: begin, body)
        }.get()
    }

    /// BEGIN, body, COMMIT on one leased connection; ROLLBACK if anything fails. Errors of the
    /// body are returned as they are; the database's own are ``SQLError``s.
    private nonisolated(nonsending) func transaction<T>(
        on connection: PostgresConnection,
        begin: String,
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async -> Result<T, any Error> {
        let transaction = PostgresTransaction(
            connection: connection, state: TransactionState(), prepared: preparedStatements, lockNamespace: advisoryLockNamespace,
            logger: logger)
        // The body and its statements run on the connection's event loop: each statement is
        // written and its answer handled there without a hop between threads (two per
        // statement otherwise: to the loop and back). Only entering and leaving hop.
        let result = await withTaskExecutorPreference(transaction.executor) {
            await run(transaction, begin: begin, body)
        }
        if transaction.discard.isRequired {
            // A statement failed on its first use on this connection; see PreparedStatementMemory.
            try? await connection.close()
        }
        return result
    }

    private nonisolated(nonsending) func run<T>(
        _ transaction: PostgresTransaction,
        begin: String,
        _ body: nonisolated(nonsending) (any SQLTransaction) async throws -> T
    ) async -> Result<T, any Error> {
        let state = transaction.state
        do {
            try await transaction.begin(begin)
        } catch {
            return .failure(error)
        }
        let value: T
        switch await state.run({
            let value = try await body(transaction)
            try await transaction.sendDeferredWrites()
            return value
        }) {
        case .commit(let result):
            value = result
        case .rollBack(let error, let statementsInFlight):
            await rollBack(transaction, statementsInFlight: statementsInFlight)
            return .failure(error)
        }
        do {
            let tag = try await transaction.run("COMMIT", [], collectRows: false).command
            // PostgreSQL answers COMMIT of an aborted transaction with ROLLBACK, not an error.
            guard tag == "COMMIT" else {
                return .failure(SQLError(.transactionAborted, "PostgreSQL rolled the transaction back (\(tag))"))
            }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    /// Rolls back; if that fails, or stray statements may still reach the connection, closes the
    /// connection so the pool never lends it out in an unknown state.
    private func rollBack(_ transaction: PostgresTransaction, statementsInFlight: Bool) async {
        do {
            try await transaction.run("ROLLBACK", [], collectRows: false)
            if !statementsInFlight { return }
        } catch {
            logger.warning("PostgreSQL ROLLBACK failed; closing the connection", metadata: ["storekeeper.sql.error": "\(error)"])
        }
        // Closing can only fail if the connection is already closed, which is the goal.
        try? await transaction.connection.close()
    }
}

/// Why a database operation failed, with the same ``Code`` on every backend.
///
/// `code` is stable and meant to be matched on; `reason` keeps the backend's own message for logs
/// (it may name tables, columns and constraints, never bound values); `backendCode` is the raw
/// SQLite extended result code or PostgreSQL SQLSTATE when there is one; `underlying` keeps the
/// error this one wraps, typed (as postgres-nio's `PSQLError` keeps its own). Equality and hashing
/// look at the code, reason, constraint and backend code, not at `underlying`.
public struct SQLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable error code.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A `UNIQUE` or primary-key constraint rejected a row (SQLite `SQLITE_CONSTRAINT_UNIQUE`,
        /// `SQLITE_CONSTRAINT_PRIMARYKEY`; PostgreSQL 23505).
        public static let uniqueViolation = Code(rawValue: "uniqueViolation")
        /// A foreign key constraint rejected a change (SQLite `SQLITE_CONSTRAINT_FOREIGNKEY`; PostgreSQL 23503).
        public static let foreignKeyViolation = Code(rawValue: "foreignKeyViolation")
        /// A `CHECK` constraint rejected a row (SQLite `SQLITE_CONSTRAINT_CHECK`; PostgreSQL 23514).
        public static let checkViolation = Code(rawValue: "checkViolation")
        /// A `NOT NULL` column received `NULL` (SQLite `SQLITE_CONSTRAINT_NOTNULL`; PostgreSQL 23502).
        public static let notNullViolation = Code(rawValue: "notNullViolation")
        /// The transaction conflicted with a concurrent one (PostgreSQL 40001). Retry the whole transaction.
        public static let serializationFailure = Code(rawValue: "serializationFailure")
        /// The transaction was chosen as a deadlock victim (PostgreSQL 40P01). Retry the whole transaction.
        public static let deadlock = Code(rawValue: "deadlock")
        /// The database was locked by someone else for too long (SQLite `SQLITE_BUSY`/`SQLITE_LOCKED`;
        /// PostgreSQL 55P03). Retry the whole transaction.
        public static let busy = Code(rawValue: "busy")
        /// The database could not be reached, opened, or the connection broke. When this happens
        /// during a commit, the outcome of the transaction is unknown.
        public static let connectionFailure = Code(rawValue: "connectionFailure")
        /// A read transaction tried to write (SQLite `SQLITE_READONLY`; PostgreSQL 25006).
        public static let readOnlyTransaction = Code(rawValue: "readOnlyTransaction")
        /// An earlier statement of this transaction failed; the transaction can only be rolled back
        /// (PostgreSQL 25P02, and enforced the same way on SQLite).
        public static let transactionAborted = Code(rawValue: "transactionAborted")
        /// `write` was called inside a `write` body of the same database (including from its child
        /// tasks). Pass the transaction down instead.
        public static let nestedTransaction = Code(rawValue: "nestedTransaction")
        /// A `write` body on SQLite suspended on something other than its own statements (an
        /// actor, a sleep, the network, another database) while the single writer waited for it,
        /// delaying every other writer. Refused (the transaction rolls back) in debug builds and
        /// logged in release builds; await that work before or after the `write`.
        public static let writeBodySuspended = Code(rawValue: "writeBodySuspended")
        /// The transaction was used after its `read` or `write` body returned.
        public static let transactionClosed = Code(rawValue: "transactionClosed")
        /// The statement is not valid SQL for this database, or names a missing table or column
        /// (SQLite `SQLITE_ERROR`; PostgreSQL class 42).
        public static let invalidStatement = Code(rawValue: "invalidStatement")
        /// The values bound do not fit the statement's `$n` placeholders.
        public static let invalidArguments = Code(rawValue: "invalidArguments")
        /// A text value bound to the statement contains U+0000 (NUL), which PostgreSQL's `TEXT`
        /// cannot hold: refused on every backend before the statement runs, so no backend stores
        /// what another would refuse. Not retryable: the same value fails again.
        public static let nulInText = Code(rawValue: "nulInText")
        /// A column holds another type than the one asked for, or a row has no such column.
        public static let typeMismatch = Code(rawValue: "typeMismatch")
        /// The database returned a column type this layer does not map to ``SQLValue``.
        public static let unsupportedType = Code(rawValue: "unsupportedType")
        /// A migration's SQL failed; nothing of that migration was kept.
        public static let migrationFailed = Code(rawValue: "migrationFailed")
        /// A migration already applied to this database has a different checksum than the code's.
        public static let migrationChecksumMismatch = Code(rawValue: "migrationChecksumMismatch")
        /// The database holds migrations this code does not know (it was migrated by a newer version).
        public static let schemaNewerThanCode = Code(rawValue: "schemaNewerThanCode")
        /// The database was opened with an invalid configuration (bad URL, bad path).
        public static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
        /// The database was closed.
        public static let databaseClosed = Code(rawValue: "databaseClosed")
        /// Any other failure reported by the database; `backendCode` and `reason` say which.
        public static let databaseError = Code(rawValue: "databaseError")
    }

    public let code: Code
    public let reason: String
    /// The constraint that was violated, when the backend reports it. PostgreSQL gives the
    /// constraint's name (`orders_pkey`); SQLite gives the table and columns (`orders.id`).
    public let constraint: String?
    /// SQLite's extended result code (`"2067"`) or PostgreSQL's SQLSTATE (`"23505"`).
    public let backendCode: String?
    /// The error this one wraps (a backend's own error, or the ``SQLError`` a migration failed
    /// with), for logs and callers that match on it.
    public let underlying: (any Error)?

    public init(
        _ code: Code, _ reason: String, constraint: String? = nil, backendCode: String? = nil, underlying: (any Error)? = nil
    ) {
        self.code = code
        self.reason = reason
        self.constraint = constraint
        self.backendCode = backendCode
        self.underlying = underlying
    }

    public static func == (lhs: SQLError, rhs: SQLError) -> Bool {
        lhs.code == rhs.code && lhs.reason == rhs.reason && lhs.constraint == rhs.constraint && lhs.backendCode == rhs.backendCode
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(reason)
        hasher.combine(constraint)
        hasher.combine(backendCode)
    }

    /// Whether running the whole transaction again may succeed: serialization failures,
    /// deadlocks and lock timeouts. The caller retries the transaction, never a single statement.
    public var isRetryable: Bool {
        code == .serializationFailure || code == .deadlock || code == .busy
    }

    public var description: String {
        var text = "\(code.rawValue): \(reason)"
        if let constraint { text += " [constraint \(constraint)]" }
        if let backendCode { text += " [backend code \(backendCode)]" }
        return text
    }

    public static func typeMismatch(_ reason: String) -> Self { .init(.typeMismatch, reason) }
    public static func invalidArguments(_ reason: String) -> Self { .init(.invalidArguments, reason) }
    public static func invalidStatement(_ reason: String) -> Self { .init(.invalidStatement, reason) }
    public static func invalidConfiguration(_ reason: String) -> Self { .init(.invalidConfiguration, reason) }
    public static func migrationFailed(_ reason: String) -> Self { .init(.migrationFailed, reason) }
    public static func transactionClosed() -> Self {
        .init(.transactionClosed, "the transaction was used after its body returned")
    }
    public static func transactionAborted(after cause: SQLError) -> Self {
        .init(
            .transactionAborted,
            "an earlier statement of this transaction failed (\(cause.code)): \(cause.reason)",
            constraint: cause.constraint,
            backendCode: cause.backendCode,
            underlying: cause
        )
    }
}

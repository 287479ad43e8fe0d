import Crypto

/// One versioned change of the schema.
///
/// The SQL is a script of `;`-separated statements, usually DDL. Write it once and let the
/// dialect fill in the few types that differ:
///
/// ```swift
/// Migration(version: 1, name: "create ledger") { dialect in
///     """
///     CREATE TABLE ledger_entries (
///         id \(dialect.autoIncrementPrimaryKey),
///         customer_id TEXT NOT NULL,
///         amount BIGINT NOT NULL,
///         payload \(dialect.blobType),
///         idempotency_key TEXT NOT NULL UNIQUE
///     );
///     CREATE INDEX ledger_entries_customer ON ledger_entries (customer_id);
///     """
/// }
/// ```
///
/// Once a migration has been applied anywhere, never edit it: the ``Migrator`` records a checksum
/// of its SQL and refuses to run when it changed. Add a new migration instead.
public struct Migration: Sendable {
    /// The version; migrations apply in increasing version order. Must be positive and unique.
    public let version: Int
    /// A short human-readable name, recorded with the version.
    public let name: String
    private let render: @Sendable (SQLDialect) -> String

    /// A migration whose SQL depends on the dialect (DDL types).
    public init(version: Int, name: String, sql: @escaping @Sendable (SQLDialect) -> String) {
        self.version = version
        self.name = name
        self.render = sql
    }

    /// A migration whose SQL is the same on every backend.
    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name) { _ in sql }
    }

    /// A migration with separate SQL for each backend.
    public init(version: Int, name: String, sqlite: String, postgresql: String) {
        self.init(version: version, name: name) { dialect in
            dialect.kind == .postgresql ? postgresql : sqlite
        }
    }

    /// The script to run on a database of `dialect`.
    public func sql(for dialect: SQLDialect) -> String {
        render(dialect)
    }

    /// The checksum recorded when the migration is applied: the lowercase hex SHA-256 of the
    /// script for `dialect`.
    public func checksum(for dialect: SQLDialect) -> String {
        SHA256.hexDigest(sql(for: dialect))
    }
}

public import AppStoreModels
public import Logging
public import StorekeeperStore

/// Brings a database's schema up to date with a list of ``Migration``s.
///
/// ```swift
/// let migrator = try Migrator(migrations: StoreSchema.migrations, logger: logger)
/// try await migrator.migrate(database)
/// ```
///
/// `migrate` creates the `schema_migrations` table (version, name, checksum, applied_at in
/// milliseconds since 1970) if needed and applies every pending migration in version order, each
/// in its own transaction together with its record: a migration is applied completely or not at
/// all. Running it again does nothing. It refuses to touch the schema, with a typed
/// ``SQLError``, when
/// - the database records a migration this code does not know (``SQLError/Code/schemaNewerThanCode``:
///   a newer Storekeeper migrated it; do not run older code against it),
/// - a recorded checksum differs from the code's (``SQLError/Code/migrationChecksumMismatch``:
///   an applied migration was edited),
/// - a pending migration is older than one already applied (``SQLError/Code/migrationFailed``).
///
/// Several instances may call `migrate` at once: every step holds the advisory lock
/// ``SQLAdvisoryLock/migrator`` and re-reads `schema_migrations` under it, so each migration is
/// applied exactly once (SQLite's single writer gives the same guarantee within one process).
public struct Migrator: Sendable {
    /// What a `migrate` call did: the store's own report, so a store answers it as it is.
    public typealias Report = StoreSchemaReport

    /// One row of `schema_migrations`.
    public struct AppliedMigration: Sendable, Hashable {
        public var version: Int
        public var name: String
        public var checksum: String
        /// Milliseconds since 1970.
        public var appliedAt: Int64
    }

    /// The migrations, sorted by version.
    public let migrations: [Migration]
    private let logger: Logger
    private let clock: any WallClock

    /// - Parameters:
    ///   - migrations: every migration the code knows, in any order; versions must be positive
    ///     and unique (otherwise this throws ``SQLError/Code/invalidConfiguration``).
    ///   - clock: the time recorded as `applied_at`.
    public init(
        migrations: [Migration],
        logger: Logger,
        clock: any WallClock = SystemClock()
    ) throws(SQLError) {
        let sorted = migrations.sorted { $0.version < $1.version }
        if let bad = sorted.first(where: { $0.version <= 0 }) {
            throw .invalidConfiguration("migration \"\(bad.name)\" has version \(bad.version); versions start at 1")
        }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.version == next.version {
            throw .invalidConfiguration(
                "migrations \"\(previous.name)\" and \"\(next.name)\" share version \(next.version)")
        }
        self.migrations = sorted
        self.logger = logger
        self.clock = clock
    }

    /// Applies every pending migration; see ``Migrator``.
    @discardableResult
    public func migrate(_ database: some SQLDatabase) async throws -> Report {
        let dialect = database.dialect
        let pending = try await database.write { tx in
            try await tx.advisoryLock(SQLAdvisoryLock.migrator)
            try await tx.executeScript(Self.createTable)
            let recorded = try await Self.appliedMigrations(tx)
            try validate(recorded, dialect: dialect)
            let done = Set(recorded.map(\.version))
            return migrations.filter { !done.contains($0.version) }
        }

        var applied: [Int] = []
        for migration in pending where try await apply(migration, to: database) {
            applied.append(migration.version)
        }
        let current = try await database.read { tx in try await Self.appliedMigrations(tx).last?.version ?? 0 }
        if !applied.isEmpty {
            logger.info(
                "Applied schema migrations",
                metadata: ["storekeeper.sql.migrations": "\(applied)", "storekeeper.sql.schema_version": "\(current)"])
        }
        return Report(applied: applied, currentVersion: current)
    }

    /// The rows of `schema_migrations`, by version (creating the empty table if it does not exist).
    public func appliedMigrations(_ database: some SQLDatabase) async throws -> [AppliedMigration] {
        try await database.write { tx in
            try await tx.executeScript(Self.createTable)
            return try await Self.appliedMigrations(tx)
        }
    }

    /// Applies one migration unless another instance did so first. Returns whether it applied it.
    private func apply(_ migration: Migration, to database: some SQLDatabase) async throws -> Bool {
        let dialect = database.dialect
        return try await database.write { tx in
            try await tx.advisoryLock(SQLAdvisoryLock.migrator)
            let recorded = try await Self.appliedMigrations(tx)
            try validate(recorded, dialect: dialect)
            if recorded.contains(where: { $0.version == migration.version }) {
                return false
            }
            do {
                try await tx.executeScript(migration.sql(for: dialect))
            } catch let error as SQLError {
                throw SQLError(
                    .migrationFailed,
                    "migration \(migration.version) \"\(migration.name)\" failed: \(error)",
                    constraint: error.constraint,
                    backendCode: error.backendCode,
                    underlying: error)
            }
            try await tx.execute(
                "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)",
                [
                    SQLValue(migration.version), .text(migration.name), .text(migration.checksum(for: dialect)),
                    .integer(clock().millisecondsSince1970),
                ])
            return true
        }
    }

    private func validate(_ recorded: [AppliedMigration], dialect: SQLDialect) throws(SQLError) {
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        for row in recorded {
            guard let migration = known[row.version] else {
                throw SQLError(
                    .schemaNewerThanCode,
                    "the database has migration \(row.version) \"\(row.name)\", which this code does not know "
                        + "(it knows up to \(migrations.last?.version ?? 0)); it was migrated by a newer version")
            }
            let checksum = migration.checksum(for: dialect)
            guard checksum == row.checksum else {
                throw SQLError(
                    .migrationChecksumMismatch,
                    "migration \(row.version) \"\(migration.name)\" was applied with checksum \(row.checksum) "
                        + "but the code's SQL has checksum \(checksum); applied migrations must not be edited")
            }
        }
        let recordedVersions = Set(recorded.map(\.version))
        if let newest = recorded.last?.version,
            let late = migrations.first(where: { $0.version < newest && !recordedVersions.contains($0.version) })
        {
            throw .migrationFailed(
                "migration \(late.version) \"\(late.name)\" is pending but the newer migration \(newest) is already applied")
        }
    }

    private static let createTable = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version BIGINT PRIMARY KEY,
            name TEXT NOT NULL,
            checksum TEXT NOT NULL,
            applied_at BIGINT NOT NULL
        )
        """

    private static func appliedMigrations(_ tx: any SQLTransaction) async throws -> [AppliedMigration] {
        try await tx.query("SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version")
            .map { row in
                AppliedMigration(
                    version: try row.int(0), name: try row.string(1), checksum: try row.string(2),
                    appliedAt: try row.int64(3))
            }
    }
}

import AppStoreModels
import StorekeeperSQL
import StorekeeperTesting
import Testing

extension SQLContractTests {
    static let migrations = [
        Migration(version: 1, name: "create products") { dialect in
            """
            CREATE TABLE products (
                id \(dialect.autoIncrementPrimaryKey),
                sku TEXT NOT NULL UNIQUE,
                icon \(dialect.blobType)
            );
            CREATE INDEX products_icon ON products (sku, id);
            """
        },
        Migration(version: 2, name: "seed products", sql: "INSERT INTO products (sku) VALUES ('coins.100'), ('coins.500')"),
    ]

    static func migrator(_ migrations: [Migration] = migrations, now: Int64 = 1_700_000_000_000) throws -> Migrator {
        try Migrator(migrations: migrations, logger: TestLogger.logger, clock: TestClock(Timestamp(millisecondsSince1970: now)))
    }

    @Test(arguments: TestBackend.available)
    func migrationsApplyOnceInOrder(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            let first = try await Self.migrator().migrate(db)
            #expect(first == Migrator.Report(applied: [1, 2], currentVersion: 2))
            let again = try await Self.migrator().migrate(db)
            #expect(again == Migrator.Report(applied: [], currentVersion: 2))

            let skus = try await db.read { tx in try await tx.query("SELECT id, sku FROM products ORDER BY id") }
            #expect(try skus.map { try $0.string(1) } == ["coins.100", "coins.500"])
            #expect(try skus.map { try $0.int64(0) } == [1, 2])

            let recorded = try await Self.migrator().appliedMigrations(db)
            #expect(recorded.map(\.version) == [1, 2])
            #expect(recorded.map(\.name) == ["create products", "seed products"])
            #expect(recorded.allSatisfy { $0.appliedAt == 1_700_000_000_000 })
            #expect(recorded[1].checksum == Self.migrations[1].checksum(for: db.dialect))

            // A later release adds a migration: only it runs.
            let extended = Self.migrations + [Migration(version: 3, name: "add price", sql: "ALTER TABLE products ADD COLUMN price BIGINT")]
            #expect(try await Self.migrator(extended).migrate(db).applied == [3])
        }
    }

    @Test(arguments: TestBackend.available)
    func anEditedMigrationIsRefused(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            try await Self.migrator().migrate(test.database)
            let edited = [
                Self.migrations[0],
                Migration(version: 2, name: "seed products", sql: "INSERT INTO products (sku) VALUES ('coins.100')"),
                Migration(version: 3, name: "never runs", sql: "CREATE TABLE never (id BIGINT)"),
            ]
            let error = await #expect(throws: SQLError.self) { try await Self.migrator(edited).migrate(test.database) }
            #expect(error?.code == .migrationChecksumMismatch)
            let tables = try await test.database.read { tx in
                try await tx.query("SELECT COUNT(*) FROM schema_migrations")[0].int64(0)
            }
            #expect(tables == 2)
        }
    }

    @Test(arguments: TestBackend.available)
    func aDatabaseMigratedByNewerCodeIsRefused(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let newer = Self.migrations + [Migration(version: 3, name: "newer", sql: "CREATE TABLE newer (id BIGINT)")]
            try await Self.migrator(newer).migrate(test.database)
            let error = await #expect(throws: SQLError.self) { try await Self.migrator().migrate(test.database) }
            #expect(error?.code == .schemaNewerThanCode)
        }
    }

    @Test(arguments: TestBackend.available)
    func aFailingMigrationLeavesNoTrace(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            let broken =
                Self.migrations + [
                    Migration(
                        version: 3, name: "half broken",
                        sql: "CREATE TABLE half (id BIGINT); INSERT INTO half (id) VALUES (1); INSERT INTO missing (id) VALUES (1)")
                ]
            let error = await #expect(throws: SQLError.self) { try await Self.migrator(broken).migrate(db) }
            #expect(error?.code == .migrationFailed)
            // The statement's own failure is kept, typed, not only as text.
            #expect((error?.underlying as? SQLError)?.code == .invalidStatement)
            let recorded = try await Self.migrator().appliedMigrations(db)
            #expect(recorded.map(\.version) == [1, 2])
            // The table the failed migration created was rolled back with it.
            let probe = await #expect(throws: SQLError.self) {
                try await db.read { tx in try await tx.query("SELECT COUNT(*) FROM half") }
            }
            #expect(probe?.code == .invalidStatement)
        }
    }
}

@Suite("Migrator")
struct MigratorTests {
    @Test func versionsMustBePositiveAndUnique() {
        let duplicate = #expect(throws: SQLError.self) {
            try Migrator(
                migrations: [Migration(version: 1, name: "a", sql: "SELECT 1"), Migration(version: 1, name: "b", sql: "SELECT 2")],
                logger: TestLogger.logger)
        }
        #expect(duplicate?.code == .invalidConfiguration)
        let zero = #expect(throws: SQLError.self) {
            try Migrator(migrations: [Migration(version: 0, name: "a", sql: "SELECT 1")], logger: TestLogger.logger)
        }
        #expect(zero?.code == .invalidConfiguration)
    }

    @Test func migrationsAreSortedAndChecksummedPerDialect() throws {
        let migrator = try Migrator(migrations: SQLContractTests.migrations.reversed(), logger: TestLogger.logger)
        #expect(migrator.migrations.map(\.version) == [1, 2])
        let create = SQLContractTests.migrations[0]
        #expect(create.checksum(for: .sqlite) != create.checksum(for: .postgresql))
        #expect(create.sql(for: .postgresql).contains("BYTEA"))
        #expect(create.sql(for: .sqlite).contains("BLOB"))
        #expect(create.checksum(for: .sqlite).count == 64)
    }
}

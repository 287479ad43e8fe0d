import StorekeeperSQL
import StorekeeperTesting
import Testing

@Suite("Store schema migrations")
struct StoreMigrationTests {
    @Test(arguments: StoreTestBackend.available)
    func migrationsAreRecordedAndIdempotent(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let store = database.store
            // withStore migrated already: nothing left to apply, from either instance.
            let again = try await store.migrate()
            #expect(again.applied.isEmpty)
            #expect(again.currentVersion == StoreSchema.migrations.last?.version)
            #expect(try await database.otherInstance.migrate().applied.isEmpty)

            let recorded = try await Migrator(migrations: StoreSchema.migrations, logger: StoreTestLogger.logger)
                .appliedMigrations(store.database)
            #expect(recorded.map(\.version) == StoreSchema.migrations.map(\.version))
            #expect(recorded.map(\.name) == StoreSchema.migrations.map(\.name))
            #expect(recorded.map(\.checksum) == StoreSchema.migrations.map { $0.checksum(for: store.database.dialect) })

            let tables = [
                "customers", "orders", "transactions", "transaction_owners", "subscriptions", "grants", "ledger_accounts",
                "journal_entries", "ledger_postings", "audit_events", "inbox", "outbox", "watermarks", "leases", "api_keys",
                "recovery_slices",
            ]
            try await store.database.read { tx throws in
                for table in tables {
                    #expect(try await tx.query("SELECT COUNT(*) FROM \(table)")[0].int64(0) == 0, "table \(table)")
                }
            }
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func instancesMigratingAnEmptyDatabaseAtOnceApplyEachVersionOnce(_ backend: StoreTestBackend) async throws {
        try await backend.withStore(migrated: false) { database throws in
            async let first = database.store.migrate()
            async let second = database.otherInstance.migrate()
            let reports = try await [first, second]
            #expect((reports[0].applied + reports[1].applied).sorted() == StoreSchema.migrations.map(\.version))
            #expect(reports.allSatisfy { $0.currentVersion == StoreSchema.migrations.last?.version })
        }
    }

    @Test
    func versionsAreDenseAndIncreasing() {
        #expect(StoreSchema.migrations.map(\.version) == StoreSchema.migrations.map(\.version))
    }
}

import Foundation
import StorekeeperLocal
import StorekeeperTesting
import Testing

/// A storage backend the end-to-end tests run on: SQLite always, PostgreSQL when
/// `STOREKEEPER_TEST_POSTGRES_URL` is set (otherwise a notice says it is skipped), and for the
/// tests that take ``withMemory`` the in-memory store as a third.
///
/// On PostgreSQL every test shares one database: tests use customer IDs unique to the test
/// (`E2EStack.customer(_:)`) and never truncate tables; LocalStack starts the simulator's ID
/// sequences at a random offset so transaction IDs never collide across runs.
struct E2EBackend: Sendable, CustomTestStringConvertible {
    let name: String
    let backend: LocalStack.Backend

    var testDescription: String { name }

    static let sqlite = E2EBackend(name: "SQLite", backend: .temporarySQLite)

    static var postgresURL: String? {
        guard let url = ProcessInfo.processInfo.environment["STOREKEEPER_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
        return url
    }

    /// Every backend available here.
    static let all: [E2EBackend] = {
        guard let url = postgresURL else {
            print(
                "NOTICE: STOREKEEPER_TEST_POSTGRES_URL is not set; the end-to-end purchase tests run on SQLite only and "
                    + "PostgreSQL is SKIPPED. Run: export STOREKEEPER_TEST_POSTGRES_URL=$(scripts/start-test-postgres.sh)")
            return [sqlite]
        }
        return [sqlite, E2EBackend(name: "PostgreSQL", backend: .postgres(url: url))]
    }()

    /// The in-memory store (`MemoryPurchaseStore`, which passes the store contract suite), a
    /// fresh one for each stack: no database at all.
    static let memory = E2EBackend(name: "memory", backend: .given({ MemoryPurchaseStore() }))

    /// Every backend available here and the in-memory store, for the tests that run on all three.
    static let withMemory: [E2EBackend] = all + [memory]
}

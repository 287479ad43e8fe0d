import Foundation
import StorekeeperLocal
import StorekeeperTesting
import Testing

/// The storage backends the app-package tests run Storekeeper on: SQLite, PostgreSQL when
/// `STOREKEEPER_TEST_POSTGRES_URL` names a database (otherwise a notice says it is skipped), and
/// the in-memory store.
struct ClientBackend: Sendable, CustomTestStringConvertible {
    let name: String
    let backend: LocalStack.Backend

    var testDescription: String { name }

    static let all: [ClientBackend] = {
        var backends = [
            ClientBackend(name: "SQLite", backend: .temporarySQLite),
            ClientBackend(name: "memory", backend: .given({ MemoryPurchaseStore() })),
        ]
        if let url = ProcessInfo.processInfo.environment["STOREKEEPER_TEST_POSTGRES_URL"], !url.isEmpty {
            backends.insert(ClientBackend(name: "PostgreSQL", backend: .postgres(url: url)), at: 1)
        } else {
            print("NOTICE: STOREKEEPER_TEST_POSTGRES_URL is not set; the app package's end-to-end tests SKIP PostgreSQL.")
        }
        return backends
    }()
}

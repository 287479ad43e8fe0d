import AppStoreModels
import Foundation
public import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperPostgres
import StorekeeperSQL
public import StorekeeperServer
import StorekeeperStore

extension LocalStack {
    /// Opens `backend` as a stack does: a temporary SQLite file deleted on close, or a PostgreSQL
    /// schema of its own dropped on close. Tests that run Storekeeper beside a separate simulator
    /// use it too. A given store (``Backend/given(_:)``) has nothing to open: it is refused here.
    public static func open(_ backend: Backend, logger: Logger) async throws -> StoreBootstrap {
        switch backend {
        case .temporarySQLite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("storekeeper-local-\(UUID.random().uuidString).sqlite")
                .path
            let bootstrap = try await StoreBootstrap.open(.sqlite(path: path), logger: logger)
            return StoreBootstrap(store: bootstrap.store, service: nil) {
                await bootstrap.close()
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
        case .sqlite(let path):
            return try await StoreBootstrap.open(.sqlite(path: path), logger: logger)
        case .postgres(let url):
            // A schema of its own: stacks sharing one database would otherwise run each other's
            // background jobs (an order expirer on another clock expiring this stack's orders).
            let schema = "local_" + UUID.random().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
            try await onAdminConnection(url, logger: logger) { try await $0.execute("CREATE SCHEMA \(schema)") }
            let scoped = url + (url.contains("?") ? "&" : "?") + "schema=" + schema
            let bootstrap = try await StoreBootstrap.open(.postgres(url: scoped), logger: logger)
            return StoreBootstrap(store: bootstrap.store, service: bootstrap.service) {
                await bootstrap.close()
                try? await onAdminConnection(url, logger: logger) { try await $0.execute("DROP SCHEMA \(schema) CASCADE") }
            }
        case .given:
            throw StorekeeperError.invalidRequest("a given store is not opened: use it as it is")
        }
    }

    /// Runs one statement on a short-lived pool of `url` (each pool may run only once).
    private static func onAdminConnection(
        _ url: String, logger: Logger, _ statement: @escaping @Sendable (any SQLTransaction) async throws -> Void
    ) async throws {
        let admin = try PostgreSQLDatabase(url: url, logger: logger)
        try await admin.withRunning { try await admin.write { try await statement($0) } }
    }
}

/// One stack's store: a SQL backend opened for it (its bootstrap migrates, runs and closes it),
/// or a store given as it is.
struct StackStorage: Sendable {
    let store: any PurchaseStore
    let bootstrap: StoreBootstrap?

    static func open(_ backend: LocalStack.Backend, logger: Logger) async throws -> StackStorage {
        if case .given(let make) = backend { return StackStorage(store: make(), bootstrap: nil) }
        let bootstrap = try await LocalStack.open(backend, logger: logger)
        return StackStorage(store: bootstrap.store, bootstrap: bootstrap)
    }

    /// What the configuration names as the storage (a given store is named `(given)`; the
    /// server never opens it from the configuration).
    static func described(_ backend: LocalStack.Backend) -> StorekeeperConfiguration.Storage {
        switch backend {
        case .temporarySQLite: .sqlite(path: "(temporary)")
        case .sqlite(let path): .sqlite(path: path)
        case .postgres(let url): .postgres(url: url)
        case .given: .sqlite(path: "(given)")
        }
    }

    /// Storekeeper on this store, on the time `now` tells.
    func builder(configuration: StorekeeperConfiguration, logger: Logger, now: any WallClock) -> StorekeeperApplicationBuilder {
        guard let bootstrap else {
            return StorekeeperApplicationBuilder(configuration: configuration, store: store, logger: logger, now: now)
        }
        return StorekeeperApplicationBuilder(configuration: configuration, storage: bootstrap, logger: logger, now: now)
    }

    /// Runs `body` with the store ready: migrated, and PostgreSQL's pool running meanwhile.
    func withPrepared<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let bootstrap else { return try await body() }
        return try await bootstrap.withRunning {
            _ = try await bootstrap.store.migrate()
            return try await body()
        }
    }

    func close() async { await bootstrap?.close() }
}

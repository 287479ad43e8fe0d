public import Logging
public import ServiceLifecycle
import Storekeeper
public import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperPostgres
import StorekeeperSQLite
public import StorekeeperStore

/// Opens the configured storage backend and brings its schema up to date.
public struct StoreBootstrap: Sendable {
    public let store: any MigratingPurchaseStore
    /// PostgreSQL's connection pool, which must run in the service group (listed before the
    /// services that use it); `nil` for SQLite.
    public let service: (any Service)?
    /// Closes the SQLite database; a no-op for PostgreSQL (its service stops with the group).
    public let close: @Sendable () async -> Void

    public init(store: any MigratingPurchaseStore, service: (any Service)?, close: @escaping @Sendable () async -> Void) {
        self.store = store
        self.service = service
        self.close = close
    }

    /// Opens `storage`. For PostgreSQL the pool is started for migrations by the caller running
    /// `service` (see `withRunning`, or `StorekeeperApplicationBuilder`, whose server runs it).
    public static func open(_ storage: StorekeeperConfiguration.Storage, logger: Logger) async throws -> StoreBootstrap {
        switch storage {
        case .sqlite(let path):
            let (store, database) = try await SQLiteDatabase.openPurchaseStore(path: path, logger: logger)
            return StoreBootstrap(store: store, service: nil, close: { await database.close() })
        case .postgres(let url):
            let (store, database) = try PostgreSQLDatabase.purchaseStore(url: url, logger: logger)
            return StoreBootstrap(store: store, service: database, close: {})
        }
    }
}

extension StoreBootstrap {
    /// Runs `body` with the backend ready: PostgreSQL's pool runs for its duration.
    public func withRunning<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let service else { return try await body() }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await service.run()
                return nil
            }
            group.addTask { try await body() }
            var result: T?
            while let next = try await group.next() {
                if let value = next {
                    result = value
                    group.cancelAll()
                }
            }
            guard let result else { throw CancellationError() }
            return result
        }
    }
}

public import Logging
import Storekeeper
import StorekeeperSQL
public import StorekeeperStore

extension SQLiteDatabase {
    /// Opens the database file at `path` and the ``PurchaseStore`` on it: the entry point of a
    /// composition root that names the store's ports, not the SQL layer. Failures are
    /// ``PurchaseStoreError``s (``PurchaseStoreError/Code/unavailable`` when the file cannot be
    /// opened). Close the database after the store's last use.
    public static func openPurchaseStore(
        path: String, logger: Logger
    ) async throws -> (store: any MigratingPurchaseStore, database: SQLiteDatabase) {
        let database = try await PurchaseStoreError.translating { try await open(path: path, logger: logger) }
        return (SQLPurchaseStore(database: database, logger: logger), database)
    }
}

public import Logging
public import Storekeeper
import StorekeeperSQL
public import StorekeeperStore

extension PostgreSQLDatabase {
    /// The connection pool `url` names and the ``PurchaseStore`` on it: the entry point of a
    /// composition root that names the store's ports, not the SQL layer. A URL it cannot use is a
    /// ``PurchaseStoreError``. Run the database (a `Service`) before using the store.
    public static func purchaseStore(
        url: String, logger: Logger
    ) throws(PurchaseStoreError) -> (store: any MigratingPurchaseStore, database: PostgreSQLDatabase) {
        let database: PostgreSQLDatabase
        do {
            database = try PostgreSQLDatabase(url: url, logger: logger)
        } catch {
            throw PurchaseStoreError(error)
        }
        return (SQLPurchaseStore(database: database, logger: logger), database)
    }
}

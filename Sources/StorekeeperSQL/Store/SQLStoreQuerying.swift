import AppStoreModels
import Storekeeper
import StorekeeperStore

/// The store's statements over one SQL transaction. The reads are written once, in extensions
/// of this protocol (one file per concern), and serve both read and write transactions.
protocol SQLStoreQuerying: PurchaseStoreReader {
    var sql: StoreStatements { get }
}

/// The handle `SQLPurchaseStore.read` bodies get.
struct SQLStoreReader: SQLStoreQuerying {
    let sql: StoreStatements

    init(sql: any SQLTransaction) {
        self.sql = StoreStatements(base: sql)
    }
}

/// The handle `SQLPurchaseStore.write` bodies get: the reads plus the writes (in the
/// `SQLStoreTransaction+*.swift` extensions).
struct SQLStoreTransaction: SQLStoreQuerying, PurchaseStoreTransaction {
    let sql: StoreStatements
    let now: any WallClock
    /// Owner candidates read with the inbox insert (PostgreSQL), for the owner reads after it.
    let ownerCandidatesRead: OwnerCandidatesMemo

    init(sql: any SQLTransaction, now: any WallClock) {
        let memo = OwnerCandidatesMemo()
        self.sql = StoreStatements(base: sql, memo: memo)
        self.now = now
        self.ownerCandidatesRead = memo
    }

    func lock(customer: CustomerID) async throws {
        try await sql.advisoryLock(Self.lockKey(customer))
    }

    func lock(environment: AppStoreEnvironment, originalTransactionId: String) async throws {
        try await sql.advisoryLock(Self.lockKey(environment, originalTransactionId))
    }

    func lock(customer: CustomerID, purchases: [PurchaseLock]) async throws {
        try await sql.advisoryLocks([Self.lockKey(customer)] + purchases.map { Self.lockKey($0.environment, $0.originalTransactionId) })
    }

    func lock(appleAccount: AppleAccountKey) async throws {
        try await sql.advisoryLock(
            SQLAdvisoryLock.key(for: "storekeeper.appleAccount:\(appleAccount.environment.rawValue):\(appleAccount.appTransactionId)"))
    }

    static func lockKey(_ customer: CustomerID) -> Int64 {
        SQLAdvisoryLock.key(for: "storekeeper.customer:" + customer.key)
    }

    static func lockKey(_ environment: AppStoreEnvironment, _ originalTransactionId: String) -> Int64 {
        SQLAdvisoryLock.key(for: "storekeeper.purchase:\(environment.rawValue):\(originalTransactionId)")
    }
}

extension SQLStoreQuerying {
    /// A limit as a bind value; negative limits are refused rather than meaning "all"
    /// (SQLite) or failing (PostgreSQL).
    func limitValue(_ limit: Int) throws(SQLPurchaseStoreError) -> SQLValue {
        try PurchaseStoreError.checkLimit(limit)
        return .integer(Int64(limit))
    }
}

extension SQLTransaction {
    /// The one row an aggregate query returns.
    func single(_ sql: String, _ binds: [SQLValue]) async throws -> SQLRow {
        guard let row = try await queryFirst(sql, binds) else {
            throw PurchaseStoreError(.storageFailure, "an aggregate query returned no row")
        }
        return row
    }
}

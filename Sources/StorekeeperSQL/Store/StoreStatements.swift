import Storekeeper

/// The statements of one store transaction: the database's ``SQLTransaction`` whose failures
/// reach the store's callers as ``PurchaseStoreError``s, so a body that catches a failed call
/// (a unique key taken, an aborted transaction) sees the store's vocabulary on every backend.
/// In a write, every statement first forgets the owner candidates read beside an earlier one
/// (``OwnerCandidatesMemo``).
struct StoreStatements: SQLTransaction {
    let base: any SQLTransaction
    /// `nil` in reads, which read no candidates beside other work.
    let memo: OwnerCandidatesMemo?

    init(base: any SQLTransaction, memo: OwnerCandidatesMemo? = nil) {
        self.base = base
        self.memo = memo
    }

    var dialect: SQLDialect { base.dialect }

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        memo?.forget()
        return try await PurchaseStoreError.translating { try await base.query(sql, binds) }
    }

    @discardableResult
    func execute(_ sql: String, _ binds: [SQLValue]) async throws -> Int {
        memo?.forget()
        return try await PurchaseStoreError.translating { try await base.execute(sql, binds) }
    }

    func deferWrite(_ sql: String, _ binds: [SQLValue]) async throws {
        memo?.forget()
        try await PurchaseStoreError.translating { try await base.deferWrite(sql, binds) }
    }

    func executeScript(_ sql: String) async throws {
        memo?.forget()
        try await PurchaseStoreError.translating { try await base.executeScript(sql) }
    }

    func advisoryLocks(_ keys: [Int64]) async throws {
        memo?.forget()
        try await PurchaseStoreError.translating { try await base.advisoryLocks(keys) }
    }
}

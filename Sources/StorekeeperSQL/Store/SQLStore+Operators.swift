import AppStoreModels
import Storekeeper

enum OperatorRows {
    static let columns = "name, role, apps, key_hash, created_at, disabled_at"
    static let byKeyHash = "SELECT \(columns) FROM operators WHERE key_hash = $1"
    static let byName = "SELECT \(columns) FROM operators WHERE name = $1"
    static let all = "SELECT \(columns) FROM operators ORDER BY name"
    static let insert = "INSERT INTO operators (\(columns)) VALUES ($1, $2, $3, $4, $5, $6)"
    static let disable = "UPDATE operators SET disabled_at = $2 WHERE name = $1 AND disabled_at IS NULL"

    static func account(_ row: SQLRow) throws -> Operator {
        let role = try row.string(1)
        guard let parsed = OperatorRole(rawValue: role) else {
            throw PurchaseStoreError(.storageFailure, "operators.role holds an unknown role")
        }
        return Operator(
            name: try row.string(0), role: parsed, apps: try row.json([String].self, 2), keyHash: try row.string(3),
            createdAt: try row.timestamp(4), disabledAt: try row.optionalTimestamp(5))
    }
}

extension SQLStoreQuerying {
    func operatorAccount(keyHash: String) async throws -> Operator? {
        try await sql.queryFirst(OperatorRows.byKeyHash, [.text(keyHash)]).map(OperatorRows.account)
    }

    func operatorAccount(name: String) async throws -> Operator? {
        try await sql.queryFirst(OperatorRows.byName, [.text(name)]).map(OperatorRows.account)
    }

    func operatorAccounts() async throws -> [Operator] {
        try await sql.query(OperatorRows.all, []).map(OperatorRows.account)
    }
}

extension SQLStoreTransaction {
    func insertOperator(_ account: Operator) async throws {
        try await sql.execute(
            OperatorRows.insert,
            [
                .text(account.name), .text(account.role.rawValue), try StoreJSON.text(account.apps), .text(account.keyHash),
                SQLValue(account.createdAt), SQLValue(account.disabledAt),
            ])
    }

    func disableOperator(name: String, at: Timestamp) async throws -> Bool {
        try await sql.execute(OperatorRows.disable, [.text(name), SQLValue(at)]) > 0
    }
}

import AppStoreModels
import Storekeeper
import StorekeeperStore

/// Operator accounts and the idempotency records of their actions (`SQLStore+Operators`,
/// `+AdminActions`).
extension MemoryStoreState {
    func operatorAccount(keyHash: String) throws -> Operator? {
        try MemoryText.refuseNUL(keyHash)
        return operators.values.first { $0.keyHash == keyHash }
    }

    func operatorAccount(name: String) throws -> Operator? {
        try MemoryText.refuseNUL(name)
        return operators[name]
    }

    /// By name, bytewise.
    func operatorAccounts() -> [Operator] {
        operators.values.sorted { MemoryText.precedes($0.name, $1.name) }
    }

    /// A second operator with the same name or key hash fails with ``PurchaseStoreError/Code/uniqueViolation``.
    /// The app list is JSON in SQL, where NUL is escaped.
    mutating func insertOperator(_ account: Operator) throws {
        try MemoryText.refuseNUL(account.name, account.keyHash)
        guard operators[account.name] == nil else {
            throw PurchaseStoreError(.uniqueViolation, "an operator with this name is already stored [constraint operators.name]")
        }
        guard !operators.values.contains(where: { $0.keyHash == account.keyHash }) else {
            throw PurchaseStoreError(.uniqueViolation, "an operator with this key is already stored [constraint operators.key_hash]")
        }
        operators[account.name] = account
    }

    mutating func disableOperator(name: String, at: Timestamp) throws -> Bool {
        try MemoryText.refuseNUL(name)
        guard let account = operators[name], account.disabledAt == nil else { return false }
        operators[name]?.disabledAt = at
        return true
    }

    func adminAction(appId: String, key: String) throws -> AdminActionRecord? {
        try MemoryText.refuseNUL(appId, key)
        return adminActions[appId]?[key]
    }

    /// A second record for the same app and key fails with ``PurchaseStoreError/Code/uniqueViolation``.
    mutating func insertAdminAction(_ record: AdminActionRecord) throws {
        try MemoryText.refuseNUL(record.appId, record.key, record.operatorName, record.kind, record.requestHash)
        guard adminActions[record.appId]?[record.key] == nil else {
            throw PurchaseStoreError(
                .uniqueViolation, "an action with this idempotency key is already stored [constraint admin_actions.pkey]")
        }
        adminActions[record.appId, default: [:]][record.key] = record
    }
}

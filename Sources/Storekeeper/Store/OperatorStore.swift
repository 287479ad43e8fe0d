public import AppStoreModels

/// Reads of operator accounts (support and finance staff; see ``Operator``).
public protocol OperatorStoreReader: Sendable {
    /// The operator whose key hashes to `keyHash`, enabled or not.
    func operatorAccount(keyHash: String) async throws -> Operator?
    func operatorAccount(name: String) async throws -> Operator?
    /// Every operator, by name.
    func operatorAccounts() async throws -> [Operator]
}

/// Writes of operator accounts. Invariants: names and key hashes are unique; an operator is
/// disabled, never deleted (the audit log names it).
public protocol OperatorStoreWriter: OperatorStoreReader {
    /// A second operator with the same name or key hash fails with a unique violation.
    func insertOperator(_ account: Operator) async throws
    /// Disables the named operator; `false` when there is none or it was already disabled.
    func disableOperator(name: String, at: Timestamp) async throws -> Bool
}

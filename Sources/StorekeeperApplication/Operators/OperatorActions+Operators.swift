import AppStoreModels
import Foundation
package import Storekeeper
import StorekeeperStore

/// Creating and disabling operators (the admin role, checked by the caller): through
/// ``OperatorKeys``, audited in every app concerned as the acting admin's, with its reason.
extension OperatorActions {
    /// Creates an operator for apps the acting admin administers; answers it and its key (shown
    /// this once).
    package func createOperator(
        name: String, role: OperatorRole, apps chosen: [String], reason: String, by admin: Operator
    ) async throws -> (account: Operator, key: String) {
        let reason = try AdminActionBody.reason(reason)
        let unknown = chosen.filter { !admin.apps.contains($0) || apps[$0] == nil }
        guard unknown.isEmpty else { throw StorekeeperError.notFound("no such app: \(unknown.sorted().joined(separator: ", "))") }
        return try await OperatorKeys.create(
            name: name, role: role, apps: chosen, in: store, actor: .operator(admin.name), reason: reason, now: now())
    }

    /// Disables an operator who has no app outside the acting admin's, never the admin itself;
    /// answers the disabled account. The caller drops its cache of operator keys so the key stops
    /// working on this instance at once.
    package func disableOperator(named name: String, reason: String, by admin: Operator) async throws -> Operator {
        let reason = try AdminActionBody.reason(reason)
        guard let account = try await store.read({ try await $0.operatorAccount(name: name) }),
            account.apps.contains(where: admin.apps.contains)
        else { throw StorekeeperError.notFound("no such operator") }
        guard account.apps.allSatisfy(admin.apps.contains) else {
            throw StorekeeperError.forbidden("\(account.name) also works on apps you do not administer")
        }
        guard account.name != admin.name else { throw StorekeeperError.invalidRequest("an admin cannot disable itself") }
        _ = try await OperatorKeys.disable(name: account.name, in: store, actor: .operator(admin.name), reason: reason, now: now())
        return try await store.read { try await $0.operatorAccount(name: account.name) } ?? account
    }
}

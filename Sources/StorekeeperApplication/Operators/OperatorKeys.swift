public import AppStoreModels
public import Foundation
public import Storekeeper
public import StorekeeperStore

/// Operator accounts and their keys: the key (`ok_...`) is shown once; only its SHA-256 is stored.
public enum OperatorKeys {
    /// What every operator key starts with (server API keys start with `sk_`).
    public static let prefix = "ok_"

    /// A new operator; answers it and its key. `apps` must name configured apps.
    ///
    /// Throws ``StorekeeperError`` `invalidRequest` for a bad name or an empty app list,
    /// `conflict` when the name is taken.
    public static func create(
        name: String, role: OperatorRole, apps: [String], in store: any PurchaseStore, actor: AuditActor, reason: String?,
        now: Timestamp = Timestamp(Date())
    ) async throws -> (account: Operator, key: String) {
        guard Operator.isValidName(name) else {
            throw StorekeeperError.invalidRequest("an operator name is 1–64 characters of a-z, 0-9 and ._@-")
        }
        let apps = Array(Set(apps)).sorted()
        guard !apps.isEmpty else { throw StorekeeperError.invalidRequest("an operator needs at least one app") }
        let key = Secrets.newSecret(prefix: prefix)
        let account = Operator(name: name, role: role, apps: apps, keyHash: Secrets.hash(key), createdAt: now)
        do {
            try await store.write { tx in
                try await tx.insertOperator(account)
                for app in apps {
                    try await tx.append(
                        AuditEvent(
                            customerId: nil, kind: "operator.created", actor: actor, subject: "operator:" + name,
                            details: ["role": role.rawValue, AuditEvent.appsDetail: apps.joined(separator: ",")], appId: app,
                            reason: reason,
                            createdAt: now))
                }
            }
        } catch let error as PurchaseStoreError where error.code == .uniqueViolation {
            throw StorekeeperError.conflict("an operator named \(name) already exists")
        }
        return (account, key)
    }

    /// Disables the named operator (its key stops working within ``Authenticator/keyCacheMilliseconds``
    /// on other instances, at once on this one when done through the admin API). `false` when
    /// there was no enabled operator of that name.
    public static func disable(
        name: String, in store: any PurchaseStore, actor: AuditActor, reason: String?, now: Timestamp = Timestamp(Date())
    ) async throws -> Bool {
        try await store.write { tx in
            guard let account = try await tx.operatorAccount(name: name), try await tx.disableOperator(name: name, at: now) else {
                return false
            }
            for app in account.apps {
                try await tx.append(
                    AuditEvent(
                        customerId: nil, kind: "operator.disabled", actor: actor, subject: "operator:" + name, appId: app,
                        reason: reason, createdAt: now))
            }
            return true
        }
    }
}

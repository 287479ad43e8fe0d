import AppStoreModels
import Hummingbird
import Storekeeper
import Synchronization

extension Authenticator {
    /// The operator whose key (`Authorization: Bearer ok_...`) the request carries.
    ///
    /// Throws `unauthorized` (401) without a credential or for an unknown or disabled key, and
    /// `forbidden` (403) for a server API key or a customer token: they never reach admin routes.
    func authenticateOperator(_ request: Request) async throws -> Operator {
        let credential = try Self.bearerCredential(request)
        guard credential.hasPrefix(OperatorKeys.prefix) else {
            throw StorekeeperError.forbidden("the admin API takes an operator key (ok_...), not a server key or customer token")
        }
        let hash = Self.hash(credential)
        let now = now().millisecondsSince1970
        let account: Operator?
        if let cached = operatorCache.entries.withLock({ $0[hash] }), now - cached.checkedAt < Self.keyCacheMilliseconds {
            account = cached.account
        } else {
            account = try await store.read { try await $0.operatorAccount(keyHash: hash) }
            operatorCache.entries.withLock { cache in
                if cache.count > 10_000 { cache.removeAll() }
                cache[hash] = (account, now)
            }
        }
        guard let account, account.disabledAt == nil else { throw StorekeeperError.unauthorized("unknown or disabled operator key") }
        return account
    }
}

/// Operator keys looked up recently (shared by copies of the authenticator). Emptied when an
/// operator is disabled through this instance, so the key stops working here at once.
final class OperatorKeyCache: Sendable {
    let entries = Mutex<[String: (account: Operator?, checkedAt: Int64)]>([:])

    func removeAll() { entries.withLock { $0.removeAll() } }
}

import AppStoreModels
package import Hummingbird
package import Storekeeper
import StorekeeperApplication

extension Authenticator {
    /// The operator whose key (`Authorization: Bearer ok_...`) the request carries.
    ///
    /// Throws `unauthorized` (401) without a credential or for an unknown or disabled key, and
    /// `forbidden` (403) for a server API key or a customer token: they never reach admin routes.
    package func authenticateOperator(_ request: Request) async throws -> Operator {
        let credential = try Self.bearerCredential(request)
        guard credential.hasPrefix(OperatorKeys.prefix) else {
            throw StorekeeperError.forbidden("the admin API takes an operator key (ok_...), not a server key or customer token")
        }
        let hash = Secrets.hash(credential)
        let account = try await operatorCache.record(for: hash, now: now().millisecondsSince1970) {
            try await store.read { try await $0.operatorAccount(keyHash: hash) }
        }
        guard let account, account.disabledAt == nil else { throw StorekeeperError.unauthorized("unknown or disabled operator key") }
        return account
    }
}

package import AppStoreModels
import AppStoreVerification
import Crypto
import Foundation
import HTTPTypes
package import Hummingbird
package import Storekeeper
package import StorekeeperApplication
package import StorekeeperStore
import Synchronization

/// Who is calling.
package enum Principal: Sendable, Hashable {
    /// A server-to-server caller holding a secret API key.
    case server(keyName: String)
    /// An app client holding a token the app's backend signed for one customer.
    case customer(CustomerID)

    package var actor: AuditActor {
        switch self {
        case .server(let name): .server(name)
        case .customer: .client
        }
    }

    /// Whether this caller may read and change `customerId`.
    package func mayAct(for customerId: CustomerID) -> Bool {
        switch self {
        case .server: true
        case .customer(let own): own == customerId
        }
    }
}

/// Authenticates `Authorization: Bearer ...`: secret API keys (`sk_...`, stored as SHA-256
/// hashes) and customer tokens (JWT, HS256 or ES256 with the app's configured keys).
package struct Authenticator: Sendable {
    package let store: any PurchaseStore
    package let now: any WallClock
    /// The app a server key bound to no app (one created before keys were bound to apps) may
    /// call: the configuration's only app; `nil` when it configures several.
    package let onlyConfiguredApp: String?
    private let keyCache = KeyLookupCache<APIKeyRecord>()
    /// Operator keys looked up recently, by hash (see ``authenticateOperator(_:)``).
    package let operatorCache = KeyLookupCache<Operator>()
    /// How long a looked-up API key is trusted before it is looked up again (revocations apply
    /// within this delay).
    package static let keyCacheMilliseconds: Int64 = 30_000

    package init(store: any PurchaseStore, appIds: [String], now: any WallClock) {
        self.store = store
        self.onlyConfiguredApp = appIds.count == 1 ? appIds.first : nil
        self.now = now
    }

    package func authenticate(_ request: Request, app: AppConfiguration) async throws -> Principal {
        let credential = try Self.bearerCredential(request)
        if credential.hasPrefix(OperatorKeys.prefix) {
            throw StorekeeperError.forbidden("operator keys may call only the admin API (/v1/admin)")
        }
        if credential.hasPrefix(Secrets.apiKeyPrefix) {
            return try await apiKey(credential, app: app.id)
        }
        return .customer(
            try CustomerToken.verify(
                credential, keys: app.customerTokens, appId: app.id, space: app.customerSpace, now: now()))
    }

    /// Server-to-server callers of `app` only.
    package func authenticateServer(_ request: Request, app: String) async throws -> String {
        let credential = try Self.bearerCredential(request)
        guard credential.hasPrefix(Secrets.apiKeyPrefix), case .server(let name) = try await apiKey(credential, app: app) else {
            throw StorekeeperError.unauthorized("a server API key is required")
        }
        return name
    }

    /// The key's principal if it may call `app`. Another app's key gets the answer a missing
    /// app gets (404), so a key tells its holder nothing about the apps it was not made for.
    private func apiKey(_ secret: String, app: String) async throws -> Principal {
        let hash = Secrets.hash(secret)
        let record = try await keyCache.record(for: hash, now: now().millisecondsSince1970) {
            try await store.read { try await $0.apiKey(hash: hash) }
        }
        guard let record, record.revokedAt == nil else { throw StorekeeperError.unauthorized("unknown or revoked API key") }
        guard record.mayCall(app: app, onlyConfiguredApp: onlyConfiguredApp) else {
            if record.apps.isEmpty {
                throw StorekeeperError.forbidden(
                    "this API key was created before keys were bound to apps and several apps are configured: "
                        + "create one for each app with `storekeeper apikey create --app ID`")
            }
            throw StorekeeperError.notFound("no such app")
        }
        return .server(keyName: record.name)
    }

    /// The credential of `Authorization: Bearer <credential>`, without the spaces and tabs HTTP
    /// allows around it.
    package static func bearerCredential(_ request: Request) throws -> String {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
            throw StorekeeperError.unauthorized()
        }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let value = header.utf8.dropFirst("Bearer ".count).drop(while: isBlank)
        let end = value.lastIndex(where: { !isBlank($0) }).map { value.index(after: $0) } ?? value.startIndex
        return String(Substring(value[value.startIndex..<end]))
    }
}

/// Keys looked up recently, by hash, with what the store answered (shared by copies of the
/// authenticator): a record is trusted for ``Authenticator/keyCacheMilliseconds``, then looked
/// up again, so revocations on other instances apply within that delay. Server API keys and
/// operator keys each have one; the operators' is emptied when an operator is disabled through
/// this instance, so the key stops working here at once.
package final class KeyLookupCache<Record: Sendable>: Sendable {
    private let entries = Mutex<[String: (record: Record?, checkedAt: Int64)]>([:])

    /// The cached answer for `hash` if checked within the last
    /// ``Authenticator/keyCacheMilliseconds`` before `now`, else `load`'s, which is cached.
    package func record(for hash: String, now: Int64, load: () async throws -> Record?) async throws -> Record? {
        if let cached = entries.withLock({ $0[hash] }), now - cached.checkedAt < Authenticator.keyCacheMilliseconds {
            return cached.record
        }
        let record = try await load()
        entries.withLock { cache in
            if cache.count > 10_000 { cache.removeAll() }
            cache[hash] = (record, now)
        }
        return record
    }

    package func removeAll() { entries.withLock { $0.removeAll() } }
}

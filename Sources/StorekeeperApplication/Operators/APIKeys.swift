public import AppStoreModels
public import Foundation
import Storekeeper
public import StorekeeperStore

/// Server-to-server API keys: the secret is shown once; only its SHA-256 is stored.
public enum APIKeys {
    /// A key for app `app`'s routes only (`scopes`: `server`, `app:<app>`); a key never reaches
    /// another app's endpoints, however the apps' routes or webhooks are named.
    public static func create(
        name: String, app: String, in store: any PurchaseStore, now: Timestamp = Timestamp(Date())
    ) async throws -> String {
        guard !name.isEmpty, name.utf8.count <= 64 else {
            throw StorekeeperError.invalidRequest("an API key name is 1–64 bytes")
        }
        guard !app.isEmpty, app.utf8.count <= 64 else {
            throw StorekeeperError.invalidRequest("an API key belongs to one app: its id is 1–64 bytes")
        }
        let secret = Secrets.newSecret(prefix: Secrets.apiKeyPrefix)
        try await store.write { tx in
            try await tx.insertAPIKey(
                APIKeyRecord(
                    name: name, hash: Secrets.hash(secret), scopes: ["server", APIKeyRecord.appScope(app)], createdAt: now))
        }
        return secret
    }
}

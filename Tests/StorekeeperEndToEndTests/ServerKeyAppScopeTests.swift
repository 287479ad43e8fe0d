import AppStoreModels
import AppStoreSimulator
import Crypto
import Foundation
import Storekeeper
import StorekeeperLocal
import StorekeeperStore
import Testing

/// Server API keys belong to one app: two apps in one configuration (as in
/// `examples/storekeeper.json`) never reach each other's routes with their keys.
@Suite struct ServerKeyAppScopeTests {
    /// A caller of `app`'s routes holding `credential`.
    static func client(_ e2e: E2EStack, app: String, credential: String) -> CheckedClient {
        let prefix = "/v1/apps/" + app
        return CheckedClient(transport: e2e.root.appending(prefix), credential: credential, prefix: prefix, contract: e2e.contract)
    }

    @Test(
        "a server key calls its own app's routes only: another app's answer it 404, as an app that does not exist",
        arguments: E2EBackend.all)
    func keysStayWithTheirApp(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.additionalApps = [$0.appId + "-b": []] }) { e2e in
            let appA = e2e.stack.app.id
            let appB = appA + "-b"
            let keyA = e2e.stack.apiKey
            let keyB = try #require(e2e.stack.apiKey(forApp: appB))
            #expect(keyA != keyB)
            let kim = e2e.customer("kim")

            // Each key works on its own app's routes.
            let order = try await e2e.server.post("/orders", ["customerId": kim, "productId": DemoCatalog.gems])
            #expect(order.status == 201, "\(order.text)")
            let own = try await Self.client(e2e, app: appB, credential: keyB).get("/customers/\(kim)")
            #expect(own.status == 200, "\(own.text)")

            // Crossed: A's key on B's routes and B's key on A's, reading and writing.
            for (app, key) in [(appB, keyA), (appA, keyB)] {
                let crossed = Self.client(e2e, app: app, credential: key)
                let read = try await crossed.get("/customers/\(kim)")
                #expect(read.status == 404, "\(app): \(read.text)")
                #expect(read.errorCode == "notFound")
                let write = try await crossed.post("/orders", ["customerId": e2e.customer("lee"), "productId": DemoCatalog.gems])
                #expect(write.status == 404, "\(app): \(write.text)")
                #expect(write.errorCode == "notFound")
            }
            let lee = try #require(CustomerID(rawValue: e2e.customer("lee")))
            let leesOrders = try await e2e.store.read { try await $0.orders(customerId: lee, before: nil, limit: 10) }
            #expect(leesOrders.isEmpty, "a refused call wrote nothing")
        }
    }

    @Test(
        "a key made before keys were bound to apps works while one app is configured, and is refused once there are several",
        arguments: E2EBackend.all)
    func keysMadeBeforeScoping(_ backend: E2EBackend) async throws {
        let secret = "sk_legacy-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let legacy: @Sendable (any PurchaseStore) async throws -> Void = { store in
            try await store.write { tx in
                try await tx.insertAPIKey(
                    APIKeyRecord(
                        name: "legacy", hash: Self.sha256Hex(secret), scopes: ["server"], createdAt: Timestamp(millisecondsSince1970: 0)))
            }
        }
        try await E2E.routes(backend) { e2e in
            try await legacy(e2e.store)
            let view = try await e2e.client(credential: secret).get("/customers/\(e2e.customer("mo"))")
            #expect(view.status == 200, "one app configured: the old key is that app's: \(view.text)")
        }
        try await E2E.routes(backend, configure: { $0.additionalApps = [$0.appId + "-b": []] }) { e2e in
            try await legacy(e2e.store)
            let view = try await e2e.client(credential: secret).get("/customers/\(e2e.customer("mo"))")
            #expect(view.status == 403, "two apps configured: whose the old key is cannot be told: \(view.text)")
            #expect(view.errorCode == "forbidden")
        }
    }

    /// What the store keeps of a key: its SHA-256, lowercase hex.
    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

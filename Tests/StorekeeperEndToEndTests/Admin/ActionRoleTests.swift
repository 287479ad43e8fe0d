import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import Testing

/// Every action on Storekeeper's records needs the support role: a viewer is refused each one
/// (403, nothing changed), and a server API key never reaches them.
@Suite struct ActionRoleTests {
    @Test(arguments: E2EBackend.withMemory)
    func aViewerIsRefusedEveryAction(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let ivan = e2e.customer("ivan")
            let order = try await e2e.createOrder(ivan, product: DemoCatalog.gems)
            let before = try await e2e.audit(ivan).count
            let actions: [(String, [String: Any])] = [
                ("/customers/\(ivan)/grants", ["entitlement": "premium", "duration": "P1D"]),
                ("/customers/\(ivan)/grants/\(UUID().uuidString)/revoke", [:]),
                ("/customers/\(ivan)/wallet/adjust", ["currency": "gems", "amount": 100]),
                ("/orders/\(order.id.uuidString)/correct", ["action": "mark_delivered"]),
                ("/customers/\(ivan)/transfer", ["to": e2e.customer("judy")]),
                ("/customers/\(ivan)/merge", ["into": e2e.customer("judy")]),
            ]
            for (index, (path, fields)) in actions.enumerated() {
                var body = fields
                body["reason"] = "trying"
                body["idempotencyKey"] = "v\(index)-\(e2e.tag)"
                let response = try await viewer.post(path, body)
                #expect(response.status == 403, "\(path): \(response.text)")
                #expect(response.errorCode == "forbidden", "\(path)")
                let serverKey = try await e2e.adminClient(credential: e2e.stack.apiKey).post(path, body)
                #expect(serverKey.status == 403, "\(path) with a server key: \(serverKey.text)")
            }
            #expect(try await e2e.audit(ivan).count == before, "nothing was done")
            #expect(try await e2e.view(ivan).balance("gems") == 0)
        }
    }
}

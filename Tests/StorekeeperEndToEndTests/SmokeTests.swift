import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The shortest path through everything: the simulator sells, Storekeeper verifies over HTTP.
@Suite struct SmokeTests {
    @Test func consumablePurchaseCreditsTheWalletOnce() async throws {
        try await LocalStack.run(LocalStack.Options()) { stack in
            try stack.simulator.upsertAccount(SimulatedAccount(id: "alice-apple"))
            let client = StorekeeperClient(baseURL: stack.appURL, credential: stack.apiKey)
            let order = try await client.post("/orders", ["customerId": "alice", "productId": DemoCatalog.gems])
            #expect(order.status == 201)
            let orderBody = try #require(order.json["order"] as? [String: Any])
            let tokenText = try #require(orderBody["appAccountToken"] as? String)
            let token = try #require(UUID(uuidString: tokenText))
            let purchase = try await stack.simulator.purchase(
                PurchaseRequest(
                    accountId: "alice-apple", bundleId: DemoCatalog.bundleId, productId: DemoCatalog.gems, appAccountToken: token))
            for _ in 0..<3 {
                let submitted = try await client.post(
                    "/purchases", ["customerId": "alice", "signedTransaction": purchase.signedTransaction])
                #expect(submitted.status == 200, "\(String(decoding: submitted.body, as: UTF8.self))")
            }
            let customer = try await client.get("/customers/alice")
            let balances = try #require(customer.json["balances"] as? [String: Any])
            #expect((balances["gems"] as? NSNumber)?.int64Value == 100)
            let orderId = try #require(orderBody["id"] as? String)
            let read = try await client.get("/orders/\(orderId)")
            #expect((read.json["order"] as? [String: Any])?["state"] as? String == "delivered")
        }
    }
}

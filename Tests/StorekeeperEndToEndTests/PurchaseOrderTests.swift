import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import Testing

/// Business orders through HTTP: create, read, pending, cancel, "payment in progress", and the
/// business price mapped to the nearest Apple price point with the difference credited.
@Suite struct PurchaseOrderTests {
    @Test(arguments: E2EBackend.all)
    func orderLifecycleAndPaymentInProgress(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let created = try await e2e.server.post("/orders", ["customerId": alice, "productId": DemoCatalog.gems])
            #expect(created.status == 201)
            #expect(created.json["status"]?.stringValue == "created")
            let order = try OrderBody(created.json["order"])
            #expect(order.state == "created")
            #expect(order.customerId == alice)
            #expect(order.productId == DemoCatalog.gems)
            #expect(order.quantity == 1)

            let read = try await e2e.server.get("/orders/\(order.id.uuidString)")
            #expect(read.status == 200)
            #expect(read.json["status"] == nil)
            #expect(try OrderBody(read.json["order"]).appAccountToken == order.appAccountToken)

            let pending = try await e2e.server.send(.POST, "/orders/\(order.id.uuidString)/pending", body: nil)
            #expect(pending.status == 200)
            #expect(try OrderBody(pending.json["order"]).state == "pending")

            // seeds/004: paid at Apple but not verified yet — do not charge the customer twice.
            let again = try await e2e.server.post("/orders", ["customerId": alice, "productId": DemoCatalog.gems])
            #expect(again.status == 200)
            #expect(again.json["status"]?.stringValue == "paymentInProgress")
            #expect(try OrderBody(again.json["order"]).id == order.id)

            // Another product, or another customer, is not blocked.
            let other = try await e2e.server.post("/orders", ["customerId": alice, "productId": DemoCatalog.removeAds])
            #expect(other.status == 201)
            let bob = try await e2e.server.post("/orders", ["customerId": e2e.customer("bob"), "productId": DemoCatalog.gems])
            #expect(bob.status == 201)

            let cancelled = try await e2e.server.send(.POST, "/orders/\(order.id.uuidString)/cancel", body: nil)
            #expect(cancelled.status == 200)
            #expect(try OrderBody(cancelled.json["order"]).state == "cancelled")
            let cancelledAgain = try await e2e.server.send(.POST, "/orders/\(order.id.uuidString)/cancel", body: nil)
            #expect(cancelledAgain.status == 200)
            let reopened = try await e2e.server.send(.POST, "/orders/\(order.id.uuidString)/pending", body: nil)
            #expect(reopened.status == 409)
            #expect(reopened.errorCode == "conflict")

            // With the pending order gone, a new order is created.
            let fresh = try await e2e.server.post("/orders", ["customerId": alice, "productId": DemoCatalog.gems])
            #expect(fresh.status == 201)
            #expect(try OrderBody(fresh.json["order"]).id != order.id)

            let events = try await e2e.audit(alice).map(\.kind)
            #expect(events.filter { $0 == "order.created" }.count == 3)
            #expect(events.contains("order.pending"))
            #expect(events.filter { $0 == "order.cancelled" }.count == 1)
        }
    }

    @Test(arguments: E2EBackend.all)
    func orderInputErrorsHaveStableCodes(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let unknown = try await e2e.server.post("/orders", ["customerId": alice, "productId": "com.example.nothing"])
            #expect(unknown.status == 422)
            #expect(unknown.errorCode == "unknownProduct")
            let quantity = try await e2e.server.post(
                "/orders", ["customerId": alice, "productId": DemoCatalog.gems, "quantity": 11])
            #expect(quantity.status == 400)
            #expect(quantity.errorCode == "invalidRequest")
            let nonConsumableQuantity = try await e2e.server.post(
                "/orders", ["customerId": alice, "productId": DemoCatalog.removeAds, "quantity": 2])
            #expect(nonConsumableQuantity.status == 400)
            let badCustomer = try await e2e.server.post("/orders", ["customerId": "no spaces allowed", "productId": DemoCatalog.gems])
            #expect(badCustomer.status == 400)
            #expect(badCustomer.errorCode == "invalidRequest")
            let missing = try await e2e.server.post("/orders", ["productId": DemoCatalog.gems])
            #expect(missing.status == 400)
            let notJSON = try await e2e.server.post("/orders", raw: Data("{not json".utf8))
            #expect(notJSON.status == 400)
            #expect(notJSON.errorCode == "invalidRequest")
            let noSuchOrder = try await e2e.server.get("/orders/\(UUID().uuidString)")
            #expect(noSuchOrder.status == 404)
            #expect(noSuchOrder.errorCode == "notFound")
            let badOrderId = try await e2e.server.get("/orders/not-a-uuid")
            #expect(badOrderId.status == 400)
            #expect(badOrderId.errorCode == "invalidRequest")
            let nonPositive = try await e2e.server.post(
                "/orders", ["customerId": alice, "businessPrice": ["milliunits": 0, "storefront": "USA"]])
            #expect(nonPositive.status == 400)
        }
    }

    /// seeds/000: Apple charges only at its price points. A business price of $0.50 is charged at
    /// the nearest point at or above it ($0.99, the gems pack) and the $0.49 difference is
    /// credited as bonus gems (100 per dollar) when the order is delivered.
    @Test(arguments: E2EBackend.all)
    func businessPriceChargesNearestPricePointAndCreditsTheDifference(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let created = try await e2e.server.post(
                "/orders", ["customerId": alice, "businessPrice": ["milliunits": 500, "storefront": "USA"]])
            #expect(created.status == 201, "\(created.text)")
            let order = try OrderBody(created.json["order"])
            #expect(order.productId == DemoCatalog.gems)
            #expect(order.bonusCurrency == "gems")
            #expect(order.bonusAmount == 49)
            #expect(try await e2e.view(alice).balance("gems") == 0, "bonus is credited on delivery, not on creation")

            let exact = try await e2e.server.post(
                "/orders", ["customerId": e2e.customer("carol"), "businessPrice": ["milliunits": 990, "storefront": "USA"]])
            #expect(exact.status == 201)
            #expect(try OrderBody(exact.json["order"]).bonusAmount == 0)
            #expect(try OrderBody(exact.json["order"]).bonusCurrency == nil)
            let tooExpensive = try await e2e.server.post(
                "/orders", ["customerId": alice, "businessPrice": ["milliunits": 50_000, "storefront": "USA"]])
            #expect(tooExpensive.status == 422)
            #expect(tooExpensive.errorCode == "unknownProduct")

            let purchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple", token: order.appAccountToken)
            let submitted = try await e2e.submit(alice, signedTransaction: purchase.signedTransaction)
            #expect(submitted.status == 200, "\(submitted.text)")
            #expect(try CustomerBody(submitted.json["customer"] ?? .null).balance("gems") == 149)
            let read = try OrderBody(try await e2e.server.get("/orders/\(order.id.uuidString)").json["order"])
            #expect(read.state == "delivered")
            #expect(read.transactionId == purchase.transaction.transactionId)

            // Replays credit nothing more.
            _ = try await e2e.submit(alice, signedTransaction: purchase.signedTransaction)
            #expect(try await e2e.view(alice).balance("gems") == 149)
            let id = try E2EStack.id(alice)
            let journal = try await e2e.store.read { try await $0.journal(customerId: id, limit: 100) }
            #expect(
                journal.map(\.key).sorted() == [
                    "bonus:\(order.id.uuidString.lowercased()):gems",
                    "credit:Sandbox:\(purchase.transaction.transactionId ?? ""):gems",
                ])
        }
    }
}

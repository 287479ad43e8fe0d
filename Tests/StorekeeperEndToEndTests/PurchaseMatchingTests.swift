import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import Testing

/// Which order a transaction pays: by `appAccountToken`, by an explicit `orderId`, or — when
/// the app sent no token — by product, customer and time.
@Suite struct PurchaseMatchingTests {
    @Test(arguments: E2EBackend.all)
    func matchesByAppAccountToken(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let older = try await e2e.createOrder(alice, product: DemoCatalog.removeAds)
            try await e2e.simulator.advance(byMilliseconds: 1_000)
            let newer = try await e2e.createOrder(alice, product: DemoCatalog.removeAds)
            // The token names the older order, although the newer one is the latest open order.
            let purchase = try await e2e.buy(DemoCatalog.removeAds, account: "alice-apple", token: older.appAccountToken)
            let submitted = try await e2e.submit(alice, signedTransaction: purchase.signedTransaction)
            #expect(submitted.status == 200, "\(submitted.text)")
            #expect(try OrderBody(submitted.json["order"]).id == older.id)
            let olderRead = try OrderBody(try await e2e.server.get("/orders/\(older.id.uuidString)").json["order"])
            let newerRead = try OrderBody(try await e2e.server.get("/orders/\(newer.id.uuidString)").json["order"])
            #expect(olderRead.state == "delivered")
            #expect(olderRead.transactionId == purchase.transaction.transactionId)
            #expect(newerRead.state == "created")
            #expect(try await e2e.view(alice).purchases.first?.orderId?.uuidString.lowercased() == older.id.uuidString.lowercased())
        }
    }

    /// The app lost the token (an old client) but tells which order it paid.
    @Test(arguments: E2EBackend.all)
    func matchesByExplicitOrderId(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let chosen = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            try await e2e.simulator.advance(byMilliseconds: 1_000)
            let latest = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            let purchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple")
            let submitted = try await e2e.submit(alice, signedTransaction: purchase.signedTransaction, orderId: chosen.id)
            #expect(submitted.status == 200, "\(submitted.text)")
            #expect(try OrderBody(submitted.json["order"]).id == chosen.id)
            #expect(try OrderBody(submitted.json["order"]).state == "delivered")
            let latestRead = try OrderBody(try await e2e.server.get("/orders/\(latest.id.uuidString)").json["order"])
            #expect(latestRead.state == "created")
            let view = try await e2e.view(alice)
            #expect(view.balance("gems") == 100)
            #expect(view.purchases.first?.orderId?.uuidString.lowercased() == chosen.id.uuidString.lowercased())
        }
    }

    /// No token and no order id: the customer's latest open order for the product created before
    /// the purchase is the one paid.
    @Test(arguments: E2EBackend.all)
    func matchesByProductCustomerAndTime(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let other = try await e2e.createOrder(alice, product: DemoCatalog.removeAds)
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            try await e2e.simulator.advance(byMilliseconds: 5_000)
            let purchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple")
            #expect(purchase.transaction.appAccountToken == nil)
            let submitted = try await e2e.submit(alice, signedTransaction: purchase.signedTransaction)
            #expect(submitted.status == 200, "\(submitted.text)")
            let read = try OrderBody(try await e2e.server.get("/orders/\(order.id.uuidString)").json["order"])
            #expect(read.state == "delivered")
            #expect(read.transactionId == purchase.transaction.transactionId)
            let otherRead = try OrderBody(try await e2e.server.get("/orders/\(other.id.uuidString)").json["order"])
            #expect(otherRead.state == "created")
            let view = try await e2e.view(alice)
            #expect(view.balance("gems") == 100)

            // The App Store told Storekeeper about the purchase before the app did: that
            // notification's placeholder owner must not keep the gems.
            let id = try E2EStack.id(alice)
            let placeholders = try await e2e.store.read { reader in
                try await reader.transactions(
                    environment: .sandbox, originalTransactionId: purchase.transaction.originalTransactionId ?? "")
            }
            #expect(placeholders.map(\.customerId) == [id])
        }
    }
}

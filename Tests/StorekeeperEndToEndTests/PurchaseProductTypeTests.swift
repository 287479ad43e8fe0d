import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import Testing

/// A StoreKit 2 signed transaction for each of the four product types, submitted through
/// HTTP, and what the customer view shows afterwards.
@Suite struct PurchaseProductTypeTests {
    /// Consumables credit `currency × quantity`, once.
    @Test(arguments: E2EBackend.all)
    func consumableCreditsCurrencyTimesQuantity(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems, quantity: 3)
            #expect(order.quantity == 3)
            let purchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple", token: order.appAccountToken, quantity: 3)
            let transactionId = try #require(purchase.transaction.transactionId)
            let submitted = try await e2e.submit(alice, signedTransaction: purchase.signedTransaction)
            #expect(submitted.status == 200, "\(submitted.text)")
            let view = try await e2e.view(alice)
            #expect(view.balance("gems") == 300)
            #expect(view.entitlements.isEmpty)
            let bought = try #require(view.purchases.first { $0.transactionId == transactionId })
            #expect(bought.quantity == 3)
            #expect(bought.productId == DemoCatalog.gems)
            #expect(bought.environment == "Sandbox")
            #expect(bought.orderId?.uuidString.lowercased() == order.id.uuidString.lowercased())

            // A second purchase of one pack adds 100.
            let one = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            let second = try await e2e.buy(DemoCatalog.gems, account: "alice-apple", token: one.appAccountToken)
            _ = try await e2e.submit(alice, signedTransaction: second.signedTransaction)
            #expect(try await e2e.view(alice).balance("gems") == 400)

            let id = try E2EStack.id(alice)
            let credit = try await e2e.store.read { try await $0.journalEntry(key: "credit:Sandbox:\(transactionId):gems") }
            #expect(credit?.customerDelta == 300)
            let recorded = try await e2e.store.read { try await $0.auditEvents(subject: "Sandbox:\(transactionId)") }
                .filter { $0.kind == "purchase.recorded" }
            #expect(recorded.count == 1)
            #expect(recorded.first?.customerId == id)
            #expect(recorded.first?.details["credited.gems"] == "300")
        }
    }

    /// Non-consumables grant their entitlements forever, with the purchase as their source.
    @Test(arguments: E2EBackend.all)
    func nonConsumableGrantsForever(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.removeAds)
            let purchase = try await e2e.buy(DemoCatalog.removeAds, account: "alice-apple", token: order.appAccountToken)
            let transactionId = try #require(purchase.transaction.transactionId)
            let submitted = try await e2e.submit(alice, signedTransaction: purchase.signedTransaction)
            #expect(submitted.status == 200, "\(submitted.text)")
            let view = try CustomerBody(submitted.json["customer"] ?? .null)
            let noAds = try #require(view.entitlement("no_ads"))
            #expect(noAds.isActive)
            #expect(noAds.expiresAt == nil)
            #expect(noAds.productId == DemoCatalog.removeAds)
            #expect(noAds.source == "Sandbox:\(transactionId)")
            #expect(noAds.environment == "Sandbox")
            #expect(view.purchases.map(\.transactionId) == [transactionId])
            #expect(view.balances.isEmpty)

            // Years later it is still granted.
            try await e2e.simulator.advance(byMilliseconds: 3 * 365 * 86_400_000)
            #expect(try await e2e.view(alice).has("no_ads"))
        }
    }

    /// Non-renewing subscriptions grant for their duration; a second purchase stacks after the
    /// first instead of overlapping it.
    @Test(arguments: E2EBackend.all)
    func nonRenewingSubscriptionsStack(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let period = try #require(Period(iso8601: "P3M"))
            let first = try await e2e.buy(
                DemoCatalog.seasonPass, account: "alice-apple",
                token: try await e2e.createOrder(alice, product: DemoCatalog.seasonPass).appAccountToken)
            #expect(try await e2e.submit(alice, signedTransaction: first.signedTransaction).status == 200)
            let firstStart = try #require(first.transaction.purchaseDate)
            var view = try await e2e.view(alice)
            var pass = try #require(view.entitlement("season_pass"))
            #expect(pass.isActive)
            #expect(pass.expiresAt == period.added(to: firstStart).millisecondsSince1970)
            #expect(pass.productId == DemoCatalog.seasonPass)

            // Ten days in, another season: it starts where the first ends.
            try await e2e.simulator.advance(byMilliseconds: 10 * 86_400_000)
            let second = try await e2e.buy(
                DemoCatalog.seasonPass, account: "alice-apple",
                token: try await e2e.createOrder(alice, product: DemoCatalog.seasonPass).appAccountToken)
            #expect(try await e2e.submit(alice, signedTransaction: second.signedTransaction).status == 200)
            view = try await e2e.view(alice)
            pass = try #require(view.entitlement("season_pass"))
            let stackedEnd = period.added(to: period.added(to: firstStart))
            #expect(pass.expiresAt == stackedEnd.millisecondsSince1970)
            #expect(view.purchases.count == 2)

            // Active through the stack, expired after it.
            try await e2e.simulator.advance(
                byMilliseconds: stackedEnd.millisecondsSince1970 - e2e.simulator.now().millisecondsSince1970 - 60_000)
            #expect(try await e2e.view(alice).has("season_pass"))
            try await e2e.simulator.advance(byMilliseconds: 120_000)
            view = try await e2e.view(alice)
            #expect(view.entitlement("season_pass")?.isActive == false)
        }
    }

    /// Auto-renewable subscriptions grant while their period is paid, and the view lists the
    /// subscription with its phase and expiry.
    @Test(arguments: E2EBackend.all)
    func autoRenewableGrantsWhileActive(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.proMonthly)
            let purchase = try await e2e.buy(DemoCatalog.proMonthly, account: "alice-apple", token: order.appAccountToken)
            let transactionId = try #require(purchase.transaction.transactionId)
            let expires = try #require(purchase.transaction.expiresDate).millisecondsSince1970
            let submitted = try await e2e.submit(alice, signedTransaction: purchase.signedTransaction)
            #expect(submitted.status == 200, "\(submitted.text)")
            var view = try await e2e.view(alice)
            for entitlement in ["premium", "pro"] {
                let granted = try #require(view.entitlement(entitlement))
                #expect(granted.isActive)
                #expect(granted.expiresAt == expires)
                #expect(granted.productId == DemoCatalog.proMonthly)
                #expect(granted.source == "Sandbox:\(transactionId)")
            }
            let subscription = try #require(view.subscriptions.first)
            #expect(view.subscriptions.count == 1)
            #expect(subscription.originalTransactionId == purchase.transaction.originalTransactionId)
            #expect(subscription.productId == DemoCatalog.proMonthly)
            #expect(subscription.phase == "active")
            #expect(subscription.expiresAt == expires)
            #expect(view.subscriptions.first?.group == DemoCatalog.groupId)

            // The customer turns auto-renew off; when the period ends, access ends.
            try await e2e.simulator.setAutoRenew(
                originalTransactionId: try #require(purchase.transaction.originalTransactionId), enabled: false)
            try await e2e.simulator.advance(byMilliseconds: expires - e2e.simulator.now().millisecondsSince1970 + 60_000)
            view = try await e2e.view(alice)
            #expect(!view.has("premium"))
            #expect(!view.has("pro"))
            #expect(view.subscriptions.first?.phase == "expired")
        }
    }
}

import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Testing

/// Recovery of what Storekeeper never heard: missed notifications from Notification History,
/// a dropped renewal from the status refresh near expiry, a lost order from Transaction History.
@Suite struct RecoveryTests {
    /// For six simulated hours every notification is dropped while a renewal, a refund, an
    /// auto-renew change and a new purchase happen. The Notification History sweep recovers them
    /// all; a second sweep changes nothing.
    @Test(arguments: NotificationBackend.all)
    func sixHoursOfDroppedNotificationsAreRecoveredBySweep(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let lena = h.customer("lena")
            let subscription = try await h.buy(lena, account: account, DemoCatalog.monthly)
            let gems = try await h.buy(lena, account: account, DemoCatalog.gems)
            let original = try #require(subscription.transaction.originalTransactionId)
            let firstExpiry = try #require(subscription.transaction.expiresDate)
            // History answers what was signed before now: let the purchases' minute pass.
            try await h.simulator.advance(byMilliseconds: 60_000)
            let first = try await h.sweep()
            #expect(first.recovered == 0, "everything was delivered so far")
            #expect(first.seen == h.simulator.notifications(bundleId: DemoCatalog.bundleId).count)
            #expect(first.known == first.seen, "delivered notifications are skipped before verification")

            // Two hours before the renewal, the link to Storekeeper goes dark for six hours.
            try await h.simulator.advance(byMilliseconds: firstExpiry.millisecondsSince1970 - h.now.millisecondsSince1970 - 2 * Span.hour)
            let outageStart = h.now
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .until(outageStart + 6 * Span.hour)))
            try await h.simulator.advance(byMilliseconds: 3 * Span.hour)  // DID_RENEW at +2 h
            try await h.simulator.refund(transactionId: try #require(gems.transaction.transactionId), reason: .other)
            try await h.simulator.advance(byMilliseconds: Span.hour)
            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: false)
            let mia = h.customer("mia")
            let miaAccount = try h.account("apple-mia")
            let miaGems = try await h.buy(mia, account: miaAccount, DemoCatalog.gems, submit: false)
            try await h.simulator.advance(byMilliseconds: 3 * Span.hour)
            let dropped = h.simulator.notifications(bundleId: DemoCatalog.bundleId).filter(\.dropped)
            #expect(dropped.map(\.notificationType) == [.didRenew, .refund, .didChangeRenewalStatus, .oneTimeCharge])
            #expect(dropped.allSatisfy { !$0.wasDelivered && $0.signedDate < outageStart + 6 * Span.hour })

            // Storekeeper is behind: the renewal, the refund, the new purchase are unknown.
            let renewedExpiry = try #require(h.simulator.subscription(originalTransactionId: original)?.expiresDate)
            var view = try await h.view(lena)
            #expect(!view.has("premium"), "the renewal was never heard of")
            #expect(view.balances["gems"] == 100)
            #expect(try await h.view(mia).balances["gems"] == nil)

            let recovered = try await h.sweep()
            #expect(recovered.recovered == dropped.count)
            #expect(recovered.known == recovered.seen - dropped.count)
            for record in dropped {
                #expect(try await h.inbox(record.notificationUUID)?.status == .processed)
            }
            view = try await h.view(lena)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == renewedExpiry)
            #expect(view.subscriptions.first?.expiresAt == renewedExpiry)
            #expect(view.balances["gems"] == 0)
            view = try await h.view(mia)
            #expect(view.balances["gems"] == 100)
            #expect(view.purchases.map(\.transactionId) == [miaGems.transaction.transactionId])

            // Sweeping again recovers nothing and changes nothing.
            let auditBefore = try await h.audit(lena).count + h.audit(mia).count
            let journalBefore = try await h.journal(lena) + h.journal(mia)
            let again = try await h.sweep()
            #expect(again.recovered == 0)
            #expect(again.known == again.seen)
            #expect(try await h.audit(lena).count + h.audit(mia).count == auditBefore)
            #expect(try await h.journal(lena) + h.journal(mia) == journalBefore)
            #expect(try await h.view(lena).balances["gems"] == 0)
        }
    }

    /// The renewal's notification is dropped; the status refresh near the expiry asks Apple and
    /// finds the renewal.
    @Test(arguments: NotificationBackend.all)
    func expiryRefreshRecoversADroppedRenewal(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let noah = h.customer("noah")
            let bought = try await h.buy(noah, account: account, DemoCatalog.monthly)
            let original = try #require(bought.transaction.originalTransactionId)
            let expiry = try #require(bought.transaction.expiresDate)
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            try await h.simulator.advance(byMilliseconds: expiry.millisecondsSince1970 - h.now.millisecondsSince1970 + 60_000)
            #expect(h.simulator.notifications(bundleId: DemoCatalog.bundleId).last?.dropped == true)
            #expect(!(try await h.view(noah).has("premium")))

            _ = try await h.job(ExpiryRefresher.self).runOnce()
            let renewed = try #require(h.simulator.subscription(originalTransactionId: original)?.expiresDate)
            let view = try await h.view(noah)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == renewed)
            #expect(view.subscriptions.first?.phase == "active")
            #expect(try await h.audit(noah).contains { $0.kind == "subscription.periodPaid" && $0.actor.rawValue.hasPrefix("job:") })
        }
    }

    /// The customer paid, but the app never handed the purchase over and its notification was
    /// lost. The customer has another known transaction, so Transaction History finds the payment
    /// and the pending order is delivered.
    @Test(arguments: NotificationBackend.all)
    func lostOrderIsResolvedFromTransactionHistory(_ backend: NotificationBackend) async throws {
        // The resolver looks at the oldest stale orders of the whole database first: in 2016 this
        // test's order is older than any other stack's on a shared PostgreSQL database.
        let start = Date(timeIntervalSince1970: 1_451_606_400 + Double(Int.random(in: 0..<(300 * 86_400))))
        try await NotificationHarness.run(backend, configure: { $0.start = start }) { h in
            let account = try h.account("apple")
            let olga = h.customer("olga")
            try await h.buy(olga, account: account, DemoCatalog.gems)
            let order = try await h.order(olga, DemoCatalog.removeAds)
            let pending = try await h.client.send(.POST, "/orders/\(order.id)/pending", body: nil)
            #expect(pending.status == 200, "\(pending.text)")
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            let paid = try await h.simulator.purchase(
                PurchaseRequest(
                    accountId: account, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.removeAds,
                    appAccountToken: order.token))
            #expect(!(try await h.view(olga).has("no_ads")))

            let resolver = try h.job(LostOrderResolver.self)
            _ = try await resolver.runOnce()
            #expect(!(try await h.view(olga).has("no_ads")), "an order is looked for only once it is stale")
            try await h.simulator.advance(byMilliseconds: 11 * 60_000)
            _ = try await resolver.runOnce()
            let view = try await h.view(olga)
            #expect(view.has("no_ads"))
            #expect(view.purchases.contains { $0.transactionId == paid.transaction.transactionId })
            let read = try await h.client.get("/orders/\(order.id)")
            let body = try #require(read.json["order"] as? [String: Any])
            #expect(body["state"] as? String == "delivered")
            #expect(body["transactionId"] as? String == paid.transaction.transactionId)
            #expect(try await h.audit(olga).contains { $0.kind == "order.delivered" && $0.actor.rawValue.hasPrefix("job:") })
        }
    }
}

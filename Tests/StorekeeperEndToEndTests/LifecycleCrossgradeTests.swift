import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The two double-grant traps of `seeds/003_*`, end to end.
@Suite struct LifecycleCrossgradeTests {
    /// Buy vipA, immediately crossgrade to vipB (same level, same duration): Apple refunds A pro
    /// rata and charges B from now. The app presents both purchases (and A's old signed
    /// transaction again): exactly one period of access, ending at B's expiry.
    @Test(arguments: NotificationBackend.all)
    func sameDurationCrossgradeGrantsOnePeriod(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let jack = h.customer("jack")
            let a = try await h.buy(jack, account: account, DemoCatalog.monthly)
            let aExpiry = try #require(a.transaction.expiresDate)
            #expect(try await h.view(jack).entitlement("premium")?.expiresAt == aExpiry)

            try await h.simulator.advance(byMilliseconds: 60_000)
            let b = try await h.buy(jack, account: account, DemoCatalog.monthlyB)
            #expect(b.notificationType == .didChangeRenewalPref)
            #expect(b.subtype == .upgrade)
            try await h.expectProcessed(.didChangeRenewalPref, .upgrade)
            let bExpiry = try #require(b.transaction.expiresDate)
            // Apple's side: A was replaced and refunded pro rata.
            let aId = try #require(a.transaction.transactionId)
            let aAtApple = try #require(h.simulator.transaction(id: aId))
            #expect(aAtApple.payload.isUpgraded == true)
            #expect(aAtApple.payload.revocationType == .refundProrated)
            // The app replays A's original proof, as the exploit does.
            try await h.submit(jack, a.signedTransaction)

            let view = try await h.view(jack)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == bExpiry, "one period: B's, not A's plus B's")
            #expect(view.entitlement("premium")?.productId == DemoCatalog.monthlyB)
            #expect(view.subscriptions.count == 1)
            #expect(view.subscriptions.first?.productId == DemoCatalog.monthlyB)
            #expect(view.subscriptions.first?.expiresAt == bExpiry)
            let month = try #require(Period(iso8601: "P1M"))
            #expect(bExpiry < month.added(to: aExpiry), "access never reaches two months")

            // A's current record at Apple (upgraded, refunded pro rata) changes nothing either.
            try await h.submit(jack, try h.simulator.signedTransaction(id: aId))
            #expect(try await h.view(jack).entitlement("premium")?.expiresAt == bExpiry)
            #expect(
                try await h.view(jack).purchases.contains { $0.transactionId == a.transaction.transactionId && $0.revocationDate != nil })
            let revoked = try await h.audit(jack).filter { $0.kind == "subscription.periodRevoked" }
            #expect(revoked.count == 1)
            #expect(revoked.first?.details["productId"] == DemoCatalog.monthly)
        }
    }

    /// A restore on a new device re-issues every transaction ID (same `webOrderLineItemId`, same
    /// dates). Presenting the restored transactions grants nothing new: no second period, no
    /// extra month, no second non-consumable.
    @Test(arguments: NotificationBackend.all)
    func restoreWithNewTransactionIdsGrantsNothingTwice(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let kate = h.customer("kate")
            let subscription = try await h.buy(kate, account: account, DemoCatalog.monthly)
            try await h.buy(kate, account: account, DemoCatalog.removeAds)
            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.didRenew, nil)
            let original = try #require(subscription.transaction.originalTransactionId)
            let expiry = try #require(h.simulator.subscription(originalTransactionId: original)?.expiresDate)
            let before = try await h.view(kate)
            #expect(before.entitlement("premium")?.expiresAt == expiry)
            let paidBefore = try await h.audit(kate).filter { $0.kind == "subscription.periodPaid" }.count
            #expect(paidBefore == 2)

            try await h.simulator.advance(byMilliseconds: 17 * Span.day)
            let restored = try await h.simulator.restorePurchases(accountId: account, bundleId: DemoCatalog.bundleId)
            #expect(restored.count == 3)
            let knownIds = Set(before.purchases.map(\.transactionId))
            #expect(restored.allSatisfy { !knownIds.contains($0.transaction.transactionId ?? "") })
            let response = try await h.client.post(
                "/customers/\(kate.rawValue)/restore", ["signedTransactions": restored.map(\.signedTransaction)])
            #expect(response.status == 200, "\(response.text)")

            let after = try await h.view(kate)
            #expect(after.entitlement("premium")?.expiresAt == expiry, "the restore adds no month")
            #expect(after.has("premium") && after.has("no_ads"))
            #expect(after.entitlements.count == before.entitlements.count)
            #expect(after.subscriptions == before.subscriptions)
            let audit = try await h.audit(kate)
            #expect(audit.filter { $0.kind == "subscription.periodPaid" }.count == paidBefore)
            #expect(audit.filter { $0.kind == "entitlement.granted" && $0.subject == "no_ads" }.count == 1)
        }
    }
}

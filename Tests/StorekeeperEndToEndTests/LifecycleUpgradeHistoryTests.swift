import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The customer's purchases after a crossgrade show the replaced period as Apple signs it now.
@Suite struct LifecycleUpgradeHistoryTests {
    /// Subscribe to A, crossgrade to B of the same group and duration; only Apple's notifications
    /// arrive. Apple's notification carries B alone; Storekeeper asks Apple for A's record (the
    /// outbox sends the request after commit), and the purchases then show A upgraded and revoked
    /// exactly as Apple signed it, B standing, and access unchanged: B's period, once.
    @Test(arguments: NotificationBackend.all)
    func crossgradeShowsTheReplacedPeriodUpgradedAndRevoked(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let lena = h.customer("lena")
            let a = try await h.buy(lena, account: account, DemoCatalog.monthly, submit: false)
            try await h.expectProcessed(.subscribed, .initialBuy)
            try await h.simulator.advance(byMilliseconds: 60_000)
            let b = try await h.buy(lena, account: account, DemoCatalog.monthlyB, submit: false)
            try await h.expectProcessed(.didChangeRenewalPref, .upgrade)
            let aId = try #require(a.transaction.transactionId)
            let bId = try #require(b.transaction.transactionId)
            let bExpiry = try #require(b.transaction.expiresDate)
            let accessBefore = try await h.view(lena).entitlements
            #expect(accessBefore.first { $0.id == "premium" }?.expiresAt == bExpiry)

            try await h.runOutbox()

            let appleA = try #require(h.simulator.transaction(id: aId)).payload
            #expect(appleA.isUpgraded == true)
            #expect(appleA.revocationDate != nil)
            let view = try await h.view(lena)
            let purchases = Dictionary(uniqueKeysWithValues: view.purchases.map { ($0.transactionId, $0) })
            let shownA = try #require(purchases[aId])
            #expect(shownA.isUpgraded)
            #expect(shownA.revocationDate == appleA.revocationDate)
            #expect(shownA.revocationReason == appleA.revocationReason)
            let shownB = try #require(purchases[bId])
            #expect(!shownB.isUpgraded)
            #expect(shownB.revocationDate == nil && shownB.revocationReason == nil)
            #expect(view.entitlements == accessBefore, "access is what it was: B's period")
            #expect(view.subscriptions.first?.productId == DemoCatalog.monthlyB)
            let revoked = try await h.audit(lena).filter { $0.kind == "subscription.periodRevoked" }
            #expect(revoked.count == 1, "one revocation of A's period, not a second one when Apple's record arrives")
            #expect(try await h.audit(lena).contains { $0.kind == "purchase.revoked" && ($0.subject ?? "").hasSuffix(aId) })

            // The JSON the app reads carries the fields, for both purchases.
            let raw = try await h.client.get("/customers/\(lena.rawValue)")
            let listed = try #require(raw.json["purchases"] as? [[String: Any]])
            let rawA = try #require(listed.first { $0["transactionId"] as? String == aId })
            #expect(rawA["isUpgraded"] as? Bool == true)
            #expect(listed.allSatisfy { $0["isUpgraded"] is Bool })

            // Apple's record is applied once: running the outbox again changes nothing.
            try await h.runOutbox()
            #expect(try await h.view(lena) == view)
        }
    }
}

import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Testing

/// A same-duration crossgrade takes effect at once (Apple: "If the subscriptions are the same
/// duration, the new subscription begins immediately"; its notification is
/// `DID_CHANGE_RENEWAL_PREF` / `UPGRADE`). The customer record and the timeline say so however
/// close to its end the old period was, and on the sandbox's shortened periods too: Apple's
/// subtype, not how early the new period started, decides.
@Suite struct CrossgradeRecordTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var durationMode: DurationMode
        /// How long after buying A the customer crossgrades (nil: two hours before A's end).
        var after: Int64?
        var testDescription: String { name }
    }

    static let cases = [
        // The sandbox's month is five minutes: a minute in, the new period starts 4 minutes
        // before the old one's end.
        Case(name: "sandbox month, one minute in", durationMode: .accelerated, after: 60_000),
        Case(name: "calendar month, two hours before its end", durationMode: .production, after: nil),
    ]

    @Test(arguments: E2EBackend.all, cases)
    func theRecordShowsWhatAppleSigned(_ backend: E2EBackend, _ scenario: Case) async throws {
        try await E2E.run(backend, configure: { $0.durationMode = scenario.durationMode }) { e2e in
            let jack = e2e.customer("jack")
            let account = try e2e.appleAccount("apple-\(e2e.tag)")
            let orderA = try await e2e.createOrder(jack, product: DemoCatalog.monthly)
            let a = try await e2e.buy(DemoCatalog.monthly, account: account, token: orderA.appAccountToken)
            let aExpiry = try #require(a.transaction.expiresDate)
            let wait = scenario.after ?? (aExpiry.millisecondsSince1970 - e2e.simulator.now().millisecondsSince1970 - 7_200_000)
            try await e2e.simulator.advance(byMilliseconds: wait)
            let orderB = try await e2e.createOrder(jack, product: DemoCatalog.monthlyB)
            let b = try await e2e.buy(DemoCatalog.monthlyB, account: account, token: orderB.appAccountToken)
            #expect(b.notificationType == .didChangeRenewalPref && b.subtype == .upgrade)
            let aId = try #require(a.transaction.transactionId)
            let bId = try #require(b.transaction.transactionId)
            let bStart = try #require(b.transaction.purchaseDate)
            let bExpiry = try #require(b.transaction.expiresDate)
            // Storekeeper asks Apple for A's record after commit; what Apple answers is the record.
            let outbox = try #require(e2e.stack.builder.backgroundJobs().compactMap { $0 as? OutboxDispatcher }.first)
            _ = try await outbox.runOnce()
            let appleA = try #require(e2e.simulator.transaction(id: aId)).payload
            #expect(appleA.isUpgraded == true)
            #expect(appleA.revocationType == .refundProrated)
            let revokedAt = try #require(appleA.revocationDate)

            let viewer = try await e2e.operatorClient(.viewer)
            let response = try await viewer.get("/customers/\(jack)")
            try #require(response.status == 200, "\(response.text)")
            let record = try JSONDecoder().decode(AdminCustomerRecord.self, from: response.body)
            let purchases = Dictionary(uniqueKeysWithValues: record.purchases.map { ($0.transactionId, $0) })
            let shownA = try #require(purchases[aId])
            #expect(shownA.isUpgraded, "A as Apple signed it: upgraded")
            #expect(shownA.revocationDate == revokedAt.millisecondsSince1970)
            #expect(shownA.revocationReason == appleA.revocationReason?.rawValue)
            let shownB = try #require(purchases[bId])
            #expect(!shownB.isUpgraded && shownB.revocationDate == nil)
            let subscription = try #require(record.subscriptions.first)
            #expect(record.subscriptions.count == 1)
            #expect(subscription.productId == DemoCatalog.monthlyB)
            let periodA = try #require(subscription.periods.first { $0.transactionId == aId })
            #expect(periodA.revocation?.kind == RevocationInfo.Kind.upgraded.rawValue)
            #expect(periodA.accessEnd == bStart.millisecondsSince1970, "A stands no longer than until B began")
            let premium = try #require(record.entitlements.first { $0.id == "premium" })
            #expect(premium.expiresAt == bExpiry.millisecondsSince1970 && premium.productId == DemoCatalog.monthlyB)

            let page = try await viewer.get("/customers/\(jack)/timeline?kind=change&limit=200")
            try #require(page.status == 200, "\(page.text)")
            let events = try JSONDecoder().decode(AdminTimelinePage.self, from: page.body).entries.compactMap(\.event)
            let changes = events.filter { $0.kind == "subscription.renewalPreferenceChanged" }
            #expect(changes.map { $0.details["kind"] } == ["immediate"], "\(changes.map(\.details))")
            let revoked = events.filter { $0.kind == "subscription.periodRevoked" }
            #expect(revoked.map { $0.details["transactionId"] } == [aId])
        }
    }
}

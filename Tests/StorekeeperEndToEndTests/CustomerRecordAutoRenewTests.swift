import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import Testing

/// The app's own customer view says whether each subscription renews and into which product,
/// as Apple's latest renewal info says: apps show "renews on" or "ends on" from it.
@Suite struct CustomerRecordAutoRenewTests {
    @Test(arguments: NotificationBackend.all)
    func appViewShowsTheRenewalPreference(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let eve = h.customer("eve")
            let purchase = try await h.buy(eve, account: account, DemoCatalog.monthly)
            let original = try #require(purchase.transaction.originalTransactionId)
            var subscription = try await h.subscription(eve)
            #expect(subscription.autoRenewStatus == 1)
            #expect(subscription.autoRenewProductId == DemoCatalog.monthly)

            // A downgrade takes effect at the next renewal: same product now, another next. (Each
            // step a minute later: Apple's renewal info of one instant would tie.)
            try await h.simulator.advance(byMilliseconds: 60_000)
            try await h.simulator.changeRenewalPreference(originalTransactionId: original, productId: DemoCatalog.basicMonthly)
            try await h.expectProcessed(.didChangeRenewalPref, .downgrade)
            subscription = try await h.subscription(eve)
            #expect(subscription.productId == DemoCatalog.monthly)
            #expect(subscription.autoRenewProductId == DemoCatalog.basicMonthly)
            #expect(subscription.autoRenewStatus == 1)

            try await h.simulator.advance(byMilliseconds: 60_000)
            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: false)
            try await h.expectProcessed(.didChangeRenewalStatus, .autoRenewDisabled)
            subscription = try await h.subscription(eve)
            #expect(subscription.autoRenewStatus == 0, "ends on expiresAt")

            // On the wire, with Apple's names.
            let raw = try await h.client.get("/customers/\(eve.rawValue)")
            #expect(raw.text.contains("\"autoRenewStatus\":0"), "\(raw.text)")
            #expect(raw.text.contains("\"autoRenewProductId\":\"\(DemoCatalog.basicMonthly)\""), "\(raw.text)")
        }
    }
}

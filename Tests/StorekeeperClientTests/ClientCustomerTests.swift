import AppStoreModels
import AppStoreSimulator
import Foundation
import StorekeeperAPIModels
import StorekeeperClient
import StorekeeperClientSimulation
import Testing

/// The customer's side beyond buying: state with "renews on" / "ends on", spends, consumption
/// consent, offers — each through the app API's own routes, with verified answers.
@Suite struct ClientCustomerTests {
    @Test(arguments: ClientBackend.all)
    func spendsConsentAndOffers(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let app = try world.app(on: world.device())
            await app.start()
            let intro = try await app.introductoryOffer(productId: DemoCatalog.monthly)
            #expect(intro.eligibility.eligible)
            guard case .delivered = try await app.buy(DemoCatalog.gems) else {
                Issue.record("not delivered")
                return
            }
            let spent = try await app.spend(30, of: "gems", idempotencyKey: "potion-1", reference: "potion")
            #expect(spent.balance == 70)
            #expect(!spent.replayed)
            #expect(try await app.spend(30, of: "gems", idempotencyKey: "potion-1").replayed)
            let tooMuch = await #expect(throws: StorekeeperClientError.self) {
                try await app.spend(1_000, of: "gems", idempotencyKey: "castle-1")
            }
            #expect(tooMuch?.serverCode == "insufficientFunds")
            #expect(try await world.serverView().balance("gems") == 70)
            #expect(await app.customer?.balance("gems") == 70)

            let consent = try await app.setConsumptionConsent(true, playTimeMinutes: 42)
            #expect(consent.consented)
            #expect(consent.playTimeMinutes == 42)

            guard case .delivered(_, let customer) = try await app.buy(DemoCatalog.monthly) else {
                Issue.record("subscription not delivered")
                return
            }
            let subscription = try #require(customer.subscriptions.first)
            let expiry = Date(timeIntervalSince1970: Double(try #require(subscription.expiresAt)) / 1000)
            #expect(subscription.renewal == .renewsOn(expiry))
            let signature = try await app.promotionalOffer(productId: DemoCatalog.monthly, offerId: DemoCatalog.promotionalOfferId)
            #expect(signature.legacy != nil || signature.jws != nil)
            #expect(try await app.offers().redemptions.isEmpty)

            // A minute later (Apple's renewal info of one instant would tie), auto-renew goes off;
            // Apple's notification reaches Storekeeper and the app sees it on its next read.
            try await world.simulator.advance(byMilliseconds: 60_000)
            try await world.simulator.setAutoRenew(originalTransactionId: subscription.originalTransactionId, enabled: false)
            #expect(try await app.refresh().subscriptions.first?.renewal == .endsOn(expiry))
            await app.stop()
        }
    }

    /// The yearly plan billed monthly under a 12-month commitment: bought with StoreKit's
    /// billing plan option; once the customer cancels, the app shows the monthly billing until the
    /// commitment ends rather than "renews on".
    @Test(arguments: ClientBackend.all)
    func aCommitmentPlanIsBilledMonthlyUntilItEnds(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let app = try world.app(on: world.device())
            await app.start()
            guard case .delivered(_, let customer) = try await app.buy(DemoCatalog.yearly, billingPlan: .monthly) else {
                Issue.record("not delivered")
                return
            }
            let subscription = try #require(customer.subscriptions.first)
            #expect(subscription.commitment?.billingPeriodNumber == 1)
            #expect(subscription.commitment?.totalBillingPeriods == 12)
            let nextBilling = Date(timeIntervalSince1970: Double(try #require(subscription.expiresAt)) / 1000)
            let end = Date(timeIntervalSince1970: Double(try #require(subscription.commitment?.expiresAt)) / 1000)
            #expect(subscription.renewal == .renewsOn(nextBilling))

            try await world.simulator.advance(byMilliseconds: 60_000)
            try await world.simulator.setAutoRenew(originalTransactionId: subscription.originalTransactionId, enabled: false)
            #expect(try await app.refresh().subscriptions.first?.renewal == .billedMonthlyUntil(nextBilling: nextBilling, endsOn: end))
            await app.stop()
        }
    }

    @Test func retryDelaysGrowAndStayCapped() {
        let policy = PurchaseClient.RetryPolicy(initial: .seconds(1), maximum: .seconds(10))
        for attempt in 0..<40 {
            let delay = policy.delay(attempt: attempt)
            let ceiling = Duration.seconds(min(10, 1 << min(attempt, 10)))
            #expect(delay <= ceiling)
            #expect(delay >= ceiling / 2)
        }
    }
}

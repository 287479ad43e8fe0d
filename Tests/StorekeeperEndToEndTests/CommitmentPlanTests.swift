import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import Testing

/// A monthly subscription with a 12-month commitment, sold by the simulator and run through
/// Storekeeper: each monthly billing is a sale at its price, cancelling keeps billing and access
/// to the commitment's end (and the app's view says so), no grace period, and a refund of an
/// earlier billing leaves the commitment running.
@Suite struct CommitmentPlanTests {
    /// The demo catalog's monthly price of the yearly product in the USA storefront.
    static let monthlyPrice: Int64 = 4_490

    /// Buys the yearly product's monthly plan; returns the original transaction ID.
    static func buyMonthlyPlan(_ h: NotificationHarness, _ customer: CustomerID, account: String) async throws -> String {
        let order = try await h.order(customer, DemoCatalog.yearly)
        let result = try await h.simulator.purchase(
            PurchaseRequest(
                accountId: account, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.yearly,
                appAccountToken: order.token, billingPlanType: .monthly))
        #expect(result.transaction.billingPlanType == .monthly)
        #expect(result.transaction.price == monthlyPrice)
        try await h.submit(customer, result.signedTransaction)
        return try #require(result.transaction.originalTransactionId)
    }

    @Test(arguments: NotificationBackend.all)
    func cancellingKeepsTheBillingsAndAccessToTheCommitmentsEnd(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let alice = h.customer("alice")
            let start = FigureDay(containing: h.now)
            let original = try await Self.buyMonthlyPlan(h, alice, account: account)
            var subscription = try await h.subscription(alice)
            let commitmentEnd = try #require(subscription.commitment?.expiresAt)
            #expect(
                subscription.commitment
                    == CommitmentProgress(billingPeriodNumber: 1, totalBillingPeriods: 12, expiresAt: commitmentEnd, autoRenewStatus: 1))
            #expect(subscription.expiresAt.map { $0 < commitmentEnd } == true, "access follows the monthly period")

            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.didRenew, nil)
            #expect(try await h.subscription(alice).commitment?.billingPeriodNumber == 2)

            // The customer cancels (a minute later: Apple's renewal info of one instant would
            // tie): the commitment will not renew; Apple keeps autoRenewStatus on.
            try await h.simulator.advance(byMilliseconds: 60_000)
            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: false)
            try await h.expectProcessed(.didChangeRenewalStatus, .autoRenewDisabled)
            subscription = try await h.subscription(alice)
            #expect(subscription.autoRenewStatus == 1)
            #expect(subscription.commitment?.autoRenewStatus == 0)
            #expect(subscription.phase == "active")
            let raw = try await h.client.get("/customers/\(alice.rawValue)")
            #expect(raw.text.contains("\"commitment\":{\"autoRenewStatus\":0,\"billingPeriodNumber\":2,"), "\(raw.text)")
            let cancelled = try await h.audit(alice).filter { $0.kind == "subscription.commitmentRenewalChanged" }
            #expect(cancelled.map { $0.details["enabled"] } == ["false"])

            let admin = try await h.adminClient()
            let record = try await admin.get("/customers/\(alice.rawValue)").decode(AdminCustomerRecord.self)
            let adminSubscription = try #require(record.subscriptions.first)
            #expect(adminSubscription.billingPlanType == "MONTHLY")
            #expect(adminSubscription.commitment?.price == Self.monthlyPrice * 12)
            #expect(adminSubscription.commitment?.autoRenewStatus == 0)
            #expect(adminSubscription.periods.map(\.billingPeriodNumber) == [1, 2])

            // Billed and entitled through the twelfth period, then it ends.
            for period in 3...12 {
                try await h.simulator.advance(by: .oneMonth)
                try await h.expectProcessed(.didRenew, nil)
                let view = try await h.view(alice)
                #expect(view.subscriptions.first?.commitment?.billingPeriodNumber == period)
                #expect(view.entitlement("premium")?.isActive == true, "period \(period)")
            }
            let lastBilling = FigureDay(containing: h.now)
            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.expired, .voluntary)
            let ended = try await h.view(alice)
            #expect(ended.subscriptions.first?.phase == "expired")
            #expect(ended.entitlement("premium")?.isActive == false)

            // Twelve sales of one monthly billing each, nothing counted twice.
            let overview = try await admin.get("/overview?environment=Sandbox&from=\(start)&to=\(lastBilling)")
            try #require(overview.status == 200, "\(overview.text)")
            let totals = try overview.decode(OverviewResponse.self).totals
            #expect(totals.units == 12)
            #expect(totals.revenue.map(\.customerPrice) == [Self.monthlyPrice * 12])
        }
    }

    @Test(arguments: NotificationBackend.all)
    func noGracePeriodAndAnEarlierRefundKeepsTheCommitment(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let bob = h.customer("bob")
            let original = try await Self.buyMonthlyPlan(h, bob, account: account)
            let first = try #require(h.simulator.subscription(originalTransactionId: original)).latestTransactionId
            let commitmentEnd = try #require(try await h.subscription(bob).commitment?.expiresAt)

            // The app has a 16-day grace period, which a commitment does not get: access stops.
            try await h.simulator.setPaymentFails(accountId: account, fails: true)
            try await h.simulator.advance(by: .oneMonth)
            try await h.expectProcessed(.didFailToRenew, nil)
            var view = try await h.view(bob)
            #expect(view.subscriptions.first?.phase == "billingRetry")
            #expect(view.entitlement("premium")?.isActive == false)

            // Recovered three days later: access returns and the commitment's end moves by the delay.
            try await h.simulator.advance(byMilliseconds: 3 * Span.day)
            try await h.simulator.setPaymentFails(accountId: account, fails: false)
            try await h.expectProcessed(.didRenew, .billingRecovery)
            view = try await h.view(bob)
            #expect(view.entitlement("premium")?.isActive == true)
            #expect(view.subscriptions.first?.commitment?.billingPeriodNumber == 2)
            #expect(view.subscriptions.first?.commitment?.expiresAt == commitmentEnd + 3 * Span.day)

            // A refund of the first billing revokes that billing only.
            try await h.simulator.refund(transactionId: first)
            try await h.expectProcessed(.refund, nil)
            view = try await h.view(bob)
            #expect(view.subscriptions.first?.phase == "active")
            #expect(view.entitlement("premium")?.isActive == true)
            #expect(view.purchases.first { $0.transactionId == first }?.revocationDate != nil)
        }
    }
}

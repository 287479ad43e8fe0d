import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import StorekeeperTesting
import Testing

@Suite("A scripted month of a subscription")
struct ScriptedMonthTests {
    /// Free trial, two renewals, a billing failure into the grace period, its expiry, recovery,
    /// an upgrade and a refund, in accelerated time (1 week = 3 min, 1 month = 5 min, a 16-day
    /// grace period = 160 s), received by a real HTTP endpoint.
    @Test("produces exactly the notifications Apple documents, in order, with the right status")
    func scriptedMonth() async throws {
        try await NotificationReceiver.run { receiver, url in
            let simulator = try Fixtures.simulator(notificationURL: url, durations: .accelerated, gracePeriodDays: 16)
            let minute: Int64 = 60_000

            let trial = try await simulator.purchase(
                Fixtures.purchase(DemoCatalog.monthly, account: Fixtures.dave, offer: PurchaseOffer(kind: .introductory)))
            let original = try #require(trial.transaction.originalTransactionId)
            try await simulator.advance(byMilliseconds: 3 * minute)  // trial ends: first paid month
            try await simulator.advance(byMilliseconds: 5 * minute)  // second month
            try await simulator.setPaymentFails(accountId: Fixtures.dave, fails: true)
            try await simulator.advance(byMilliseconds: 5 * minute)  // renewal fails, grace period
            try await simulator.advance(byMilliseconds: 160_000)  // grace period over, billing retry
            try await simulator.setPaymentFails(accountId: Fixtures.dave, fails: false)  // recovery
            let upgrade = try await simulator.changeRenewalPreference(
                originalTransactionId: original, productId: DemoCatalog.proMonthly)
            try await simulator.refund(transactionId: try #require(upgrade.transaction.transactionId), reason: .appIssue)

            let received = try receiver.notifications()
            try #require(received.count == 8)
            #expect(
                received.map { Fixtures.label($0.payload) } == [
                    "SUBSCRIBED/INITIAL_BUY",
                    "DID_RENEW",
                    "DID_RENEW",
                    "DID_FAIL_TO_RENEW/GRACE_PERIOD",
                    "GRACE_PERIOD_EXPIRED",
                    "DID_RENEW/BILLING_RECOVERY",
                    "DID_CHANGE_RENEWAL_PREF/UPGRADE",
                    "REFUND",
                ])
            #expect(received.map { $0.payload.data?.status?.rawValue } == [1, 1, 1, 4, 3, 1, 1, 5])
            #expect(Set(received.compactMap { $0.transaction?.originalTransactionId }) == [original])
            #expect(Set(received.compactMap(\.payload.notificationUUID)).count == received.count)

            // Periods follow each other exactly: each renewal starts when the previous one ends.
            let start = Timestamp(Fixtures.start)
            let transactions = received.compactMap(\.transaction)
            try #require(transactions.count == 8)
            #expect(transactions[1].purchaseDate == start.adding(milliseconds: 3 * minute))
            #expect(transactions[1].expiresDate == start.adding(milliseconds: 8 * minute))
            #expect(transactions[1].transactionReason == .renewal && transactions[1].price == 4990)
            #expect(transactions[1].offerType == nil)
            #expect(transactions[2].purchaseDate == transactions[1].expiresDate)
            #expect(transactions[0].webOrderLineItemId != transactions[1].webOrderLineItemId)

            // Grace period and billing retry as the renewal info tells them.
            let failed = try #require(received[3].renewalInfo)
            #expect(failed.isInBillingRetryPeriod == true && failed.expirationIntent == .billingError)
            #expect(failed.gracePeriodExpiresDate == transactions[2].expiresDate?.adding(milliseconds: 160_000))

            // Recovery after the grace period starts a new period at the recovery time.
            let recoveredAt = start.adding(milliseconds: 13 * minute + 160_000)
            #expect(transactions[5].purchaseDate == recoveredAt)
            #expect(transactions[5].expiresDate == recoveredAt.adding(milliseconds: 5 * minute))

            // The upgrade revokes the recovered period (isUpgraded) and starts the new one now.
            let recoveredId = try #require(transactions[5].transactionId)
            let upgraded = try #require(simulator.transaction(id: recoveredId))
            #expect(upgraded.payload.isUpgraded == true && upgraded.payload.revocationDate == recoveredAt)
            #expect(transactions[6].productId == DemoCatalog.proMonthly && transactions[6].price == 9990)
            #expect(transactions[6].purchaseDate == recoveredAt)

            // The refund revokes the current period.
            #expect(transactions[7].revocationReason == .appIssue)
            #expect(transactions[7].revocationType == .refundFull)
            #expect(transactions[7].revocationDate == recoveredAt)
            #expect(received[7].renewalInfo?.autoRenewStatus == .off)

            // History agrees with what was received: every send attempt succeeded once.
            let records = simulator.notifications()
            #expect(records.allSatisfy { $0.sendAttempts.map(\.sendAttemptResult) == [.success] })
        }
    }

    /// In accelerated mode with time flowing by itself, the scheduler renews without anyone
    /// advancing the clock (the wall clock here runs 600 times faster than real time).
    @Test("with a flowing clock, renewals happen by themselves")
    func renewalsHappenByThemselves() async throws {
        let simulator = try AppStoreSimulator(
            configuration: .init(
                clockMode: .system, durationMode: .accelerated, keys: Fixtures.keys, transport: ScriptedTransport(),
                wallClock: TestClock(now: Fixtures.start, rate: 600)))
        try simulator.configureApp(DemoCatalog.app(notificationURL: "http://127.0.0.1:9/unused"))
        try simulator.upsertAccount(SimulatedAccount(id: Fixtures.alice))
        try await simulator.purchase(Fixtures.purchase(DemoCatalog.monthly))
        let scheduler = SimulatorScheduler(simulator: simulator, interval: .milliseconds(20))
        let task = Task { try await scheduler.run() }
        defer { task.cancel() }
        // 5 accelerated minutes pass in 0.5 s of real time; wait up to 10 s for two renewals.
        for _ in 0..<200 where Fixtures.events(simulator).filter({ $0 == "DID_RENEW" }).count < 2 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(Array(Fixtures.events(simulator).prefix(3)) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_RENEW"])
    }
}

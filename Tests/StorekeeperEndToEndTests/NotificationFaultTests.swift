import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Synchronization
import Testing

/// Out-of-order and duplicate delivery at the webhook: the same script runs twice from the same
/// start, once delivered in order and once with the simulator duplicating, reordering and
/// delaying notifications; the customers' final states are equal.
@Suite struct NotificationFaultTests {
    @Test(arguments: NotificationBackend.all)
    func faultyDeliveryEndsInTheInOrderState(_ backend: NotificationBackend) async throws {
        let start = Date(timeIntervalSince1970: 1_893_456_000 + Double(Int.random(in: 0..<(3_650 * 86_400))))
        let inOrder = try await Self.script(backend, start: start, faults: false)
        let faulty = try await Self.script(backend, start: start, faults: true)
        #expect(inOrder.subscriber.phase == "active")
        #expect(inOrder.subscriber.entitlements.map(\.id) == ["premium", "pro"])
        #expect(inOrder.subscriber.entitlements.allSatisfy { $0.isActive })
        #expect(inOrder.wallet.balances == ["gems": 0])
        #expect(faulty.subscriber == inOrder.subscriber)
        #expect(faulty.wallet == inOrder.wallet)
        #expect(faulty.duplicatesDelivered > 0)
        #expect(faulty.deliveredOutOfOrder)
    }

    /// What a customer looks like, without the identifiers that differ between two runs.
    struct Snapshot: Hashable, Sendable {
        struct Entitlement: Hashable, Sendable {
            var id: String
            var isActive: Bool
            var expiresAt: Timestamp?
            var productId: String
        }

        struct Purchase: Hashable, Sendable {
            var productId: String
            var purchaseDate: Timestamp
            var expiresDate: Timestamp?
            var revocationDate: Timestamp?
            var price: Int64?
        }

        var phase: String?
        var productId: String?
        var expiresAt: Timestamp?
        var entitlements: [Entitlement]
        var balances: [String: Int64]
        var purchases: [Purchase]

        init(_ view: CustomerView) {
            phase = view.subscriptions.first?.phase
            productId = view.subscriptions.first?.productId
            expiresAt = view.subscriptions.first?.expiresAt
            entitlements = view.entitlements.map {
                Entitlement(id: $0.id, isActive: $0.isActive, expiresAt: $0.expiresAt, productId: $0.productId)
            }
            balances = view.balances
            purchases = view.purchases.map {
                Purchase(
                    productId: $0.productId, purchaseDate: $0.purchaseDate, expiresDate: $0.expiresDate,
                    revocationDate: $0.revocationDate, price: $0.price)
            }.sorted { ($0.purchaseDate, $0.productId) < ($1.purchaseDate, $1.productId) }
        }
    }

    struct Outcome: Sendable {
        var subscriber: Snapshot
        var wallet: Snapshot
        var duplicatesDelivered: Int
        var deliveredOutOfOrder: Bool
    }

    /// A subscriber and a gem buyer through sign-up, auto-renew changes, a renewal, an upgrade, a
    /// refund, a billing failure and its recovery; only notifications tell Storekeeper (the app
    /// never submits).
    static func script(_ backend: NotificationBackend, start: Date, faults: Bool) async throws -> Outcome {
        let result = Mutex<Outcome?>(nil)
        try await NotificationHarness.run(backend, configure: { $0.start = start }) { h in
            let account = try h.account("apple")
            let subscriber = h.customer("subscriber")
            let buyer = h.customer("buyer")
            let hour = Span.hour
            if faults { h.simulator.addFault(NotificationFaultRule(kind: .reorder, scope: .next(3))) }
            let bought = try await h.buy(subscriber, account: account, DemoCatalog.monthly, submit: false)
            let original = try #require(bought.transaction.originalTransactionId)
            try await h.simulator.advance(byMilliseconds: hour)
            let gems = try await h.buy(buyer, account: account, DemoCatalog.gems, submit: false)
            try await h.simulator.advance(byMilliseconds: hour)
            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: false)
            try await h.simulator.advance(byMilliseconds: hour)

            if faults { h.simulator.addFault(NotificationFaultRule(kind: .duplicate, scope: .until(h.now + 400 * Span.day))) }
            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: true)
            try await h.simulator.advance(by: .oneMonth)
            try await h.simulator.advance(byMilliseconds: hour)

            if faults {
                h.simulator.addFault(NotificationFaultRule(kind: .delay, scope: .next(2), delayMilliseconds: 3 * hour))
            }
            try await h.simulator.changeRenewalPreference(originalTransactionId: original, productId: DemoCatalog.proMonthly)
            try await h.simulator.advance(byMilliseconds: hour)
            try await h.simulator.refund(transactionId: try #require(gems.transaction.transactionId), reason: .other)
            try await h.simulator.advance(byMilliseconds: Span.day)

            if faults { h.simulator.addFault(NotificationFaultRule(kind: .reorder, scope: .next(3))) }
            try await h.simulator.setPaymentFails(accountId: account, fails: true)
            try await h.simulator.advance(by: .oneMonth)
            try await h.simulator.advance(byMilliseconds: hour)
            try await h.simulator.setPaymentFails(accountId: account, fails: false)
            try await h.simulator.advance(byMilliseconds: hour)
            try await h.simulator.setAutoRenew(originalTransactionId: original, enabled: false)
            try await h.simulator.advance(byMilliseconds: hour)
            if faults { await h.simulator.clearFaults() }
            try await h.simulator.advance(byMilliseconds: hour)

            let records = h.simulator.notifications(bundleId: DemoCatalog.bundleId)
            for record in records {
                #expect(record.wasDelivered, "\(record.notificationType.rawValue) was not delivered")
                let entry = try #require(try await h.inbox(record.notificationUUID))
                #expect(entry.status == .processed, "\(entry.lastError ?? "")")
            }
            // Reorder faults release a held batch newest first; delay faults deliver hours late.
            let reordered = records.contains { $0.deliveryPriority > 0 }
            let delayed = records.contains { ($0.sendAttempts.first?.attemptDate ?? $0.signedDate) > $0.signedDate }
            let outcome = Outcome(
                subscriber: Snapshot(try await h.view(subscriber)), wallet: Snapshot(try await h.view(buyer)),
                duplicatesDelivered: records.filter { $0.sendAttempts.filter { $0.sendAttemptResult == .success }.count > 1 }.count,
                deliveredOutOfOrder: reordered && delayed)
            result.withLock { $0 = outcome }
        }
        return try #require(result.withLock { $0 })
    }
}

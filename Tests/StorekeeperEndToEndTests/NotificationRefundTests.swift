import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Refunds and revocations through REFUND / REFUND_REVERSED: currency clawed back through the
/// ledger under the app's debt policy, non-renewing stacks shortened by exactly the refunded
/// period, and a reversal restoring once however often it is delivered.
@Suite struct NotificationRefundTests {
    /// A refund after 80 of 100 gems were spent. `allow_negative`: the balance goes to -80 and
    /// spending is blocked; `clamp`: the balance stops at 0 and the 80 are booked to the loss
    /// account. Then REFUND_REVERSED, delivered twice, gives back exactly what was taken, once.
    @Test(arguments: NotificationBackend.all, [DebtPolicy.allowNegative, .clamp])
    func consumableRefundAfterSpending(_ backend: NotificationBackend, _ debt: DebtPolicy) async throws {
        try await NotificationHarness.run(backend, configure: { $0.policy.debt = debt }) { h in
            let account = try h.account("apple")
            let gina = h.customer("gina")
            let bought = try await h.buy(gina, account: account, DemoCatalog.gems)
            let transactionId = try #require(bought.transaction.transactionId)
            #expect(try await h.view(gina).balances["gems"] == 100)
            let spent = try await h.client.post(
                "/customers/\(gina.rawValue)/spend", ["currency": "gems", "amount": 80, "idempotencyKey": "sword"])
            #expect(spent.status == 200, "\(spent.text)")

            try await h.simulator.advance(byMilliseconds: Span.day)
            try await h.simulator.refund(transactionId: transactionId, reason: .other)
            try await h.expectProcessed(.refund, nil)
            let expected: Int64 = debt == .allowNegative ? -80 : 0
            #expect(try await h.view(gina).balances["gems"] == expected)
            let key = "clawback:Sandbox:\(transactionId):gems"
            let clawback = try #require(try await h.journalEntry(key))
            #expect(clawback.kind == .clawback)
            #expect(clawback.postings.reduce(0) { $0 + $1.amount } == 0)
            #expect(clawback.postings.contains { $0.account == .issued("gems") && $0.amount == 100 })
            switch debt {
            case .allowNegative:
                #expect(clawback.postings.contains { $0.account == .customer(gina, "gems") && $0.amount == -100 })
                #expect(!clawback.postings.contains { $0.account == .loss("gems") })
            case .clamp:
                #expect(clawback.postings.contains { $0.account == .customer(gina, "gems") && $0.amount == -20 })
                #expect(clawback.postings.contains { $0.account == .loss("gems") && $0.amount == -80 })
            }
            let blocked = try await h.client.post(
                "/customers/\(gina.rawValue)/spend", ["currency": "gems", "amount": 1, "idempotencyKey": "potion"])
            #expect(blocked.status == 409, "spending is blocked at or below zero: \(blocked.text)")
            #expect((blocked.json["error"] as? [String: Any])?["code"] as? String == "insufficientFunds")
            let audit = try await h.audit(gina)
            let clawedBack = try #require(audit.first { $0.kind == "wallet.clawedBack" })
            #expect(clawedBack.details["policy"] == debt.rawValue)
            #expect(clawedBack.details["collected"] == (debt == .allowNegative ? "100" : "20"))
            try await h.expectLedgerBalanced()

            // The reversal is delivered twice; it restores once.
            try await h.simulator.advance(byMilliseconds: Span.day)
            h.simulator.addFault(NotificationFaultRule(kind: .duplicate, scope: .next(1)))
            try await h.simulator.reverseRefund(transactionId: transactionId)
            let reversal = try await h.expectProcessed(.refundReversed, nil)
            #expect(reversal.sendAttempts.filter { $0.sendAttemptResult == .success }.count == 2)
            #expect(try await h.view(gina).balances["gems"] == 20)
            let restores = try await h.journal(gina).filter { $0.kind == .restore }
            #expect(restores.count == 1)
            #expect(restores.first?.key == "restore:Sandbox:\(transactionId):gems")
            #expect(try await h.audit(gina).filter { $0.kind == "wallet.restored" }.count == 1)
            // And again through the webhook by hand: still once.
            let body = try JSONEncoder().encode(ResponseBodyV2(signedPayload: reversal.signedPayload))
            let again = try await h.client.post("/notifications", raw: body, authenticated: false)
            #expect(again.json["status"] as? String == "duplicate")
            #expect(try await h.view(gina).balances["gems"] == 20)
        }
    }

    /// Three stacked non-renewing season passes; refunding one shortens the stack by exactly one
    /// period, from the refund on.
    @Test(arguments: NotificationBackend.all)
    func nonRenewingStackLosesExactlyTheRefundedPeriod(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let hank = h.customer("hank")
            let start = h.now
            var passes: [PurchaseResult] = []
            for _ in 0..<3 { passes.append(try await h.buy(hank, account: account, DemoCatalog.seasonPass)) }
            let period = try #require(Period(iso8601: "P3M"))
            var end = start
            for _ in 0..<3 { end = period.added(to: end) }
            var view = try await h.view(hank)
            #expect(view.has("season_pass"))
            #expect(view.entitlement("season_pass")?.expiresAt == end)

            try await h.simulator.advance(byMilliseconds: 10 * Span.day)
            let refunded = try #require(passes[1].transaction.transactionId)
            try await h.simulator.refund(transactionId: refunded, reason: .other)
            try await h.expectProcessed(.refund, nil)
            view = try await h.view(hank)
            #expect(view.has("season_pass"))
            #expect(view.entitlement("season_pass")?.expiresAt == period.added(to: period.added(to: start)))
            #expect(view.purchases.first { $0.transactionId == refunded }?.revocationDate != nil)
            #expect(try await h.audit(hank).contains { $0.kind == "purchase.revoked" && $0.subject == "Sandbox:\(refunded)" })
        }
    }

    /// A refunded non-consumable is revoked from its revocation date; REFUND_REVERSED gives it back.
    @Test(arguments: NotificationBackend.all)
    func nonConsumableRefundAndReversal(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let ivy = h.customer("ivy")
            let bought = try await h.buy(ivy, account: account, DemoCatalog.removeAds)
            let transactionId = try #require(bought.transaction.transactionId)
            try await h.simulator.advance(byMilliseconds: 2 * Span.day)
            try await h.simulator.refund(transactionId: transactionId, reason: .appIssue)
            let refund = try await h.expectProcessed(.refund, nil)
            var view = try await h.view(ivy)
            #expect(!view.has("no_ads"))
            #expect(view.purchases.first?.revocationDate == refund.signedDate)
            try await h.simulator.advance(byMilliseconds: Span.day)
            try await h.simulator.reverseRefund(transactionId: transactionId)
            try await h.expectProcessed(.refundReversed, nil)
            view = try await h.view(ivy)
            #expect(view.has("no_ads"))
            #expect(view.purchases.first?.revocationDate == nil)
        }
    }
}

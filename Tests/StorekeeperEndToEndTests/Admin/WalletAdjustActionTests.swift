import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import Testing

/// Wallet adjustments against the simulator: a balanced entry against the adjustment account,
/// once per key, never below zero unless the app's debt policy allows it.
@Suite struct WalletAdjustActionTests {
    /// `seeds/000`: Apple refunded gems the customer had already spent (the balance went to -80
    /// under `allow_negative`), and the game "contacts you for compensation". Support credits 80
    /// with a reason: the debt is cleared, the ledger balances, and a retry books nothing more.
    @Test(arguments: E2EBackend.all)
    func aRefundOfSpentGemsIsCompensatedByAnAdjustment(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let support = try await e2e.createOperator(.support)
            let client = e2e.adminClient(credential: support.key)
            let gina = e2e.customer("gina")
            try e2e.appleAccount("gina-apple")
            let order = try await e2e.createOrder(gina, product: DemoCatalog.gems)
            let bought = try await e2e.buy(DemoCatalog.gems, account: "gina-apple", token: order.appAccountToken)
            #expect((try await e2e.submit(gina, signedTransaction: bought.signedTransaction)).status == 200)
            let spent = try await e2e.server.post(
                "/customers/\(gina)/spend", ["currency": "gems", "amount": 80, "idempotencyKey": "sword"])
            #expect(spent.status == 200, "\(spent.text)")
            try await e2e.simulator.refund(transactionId: try #require(bought.transaction.transactionId), reason: .other)
            #expect(try await e2e.view(gina).balance("gems") == -80, "the refund took back all 100 gems")

            let body: [String: Any] = [
                "currency": "gems", "amount": 80, "reason": "refund after spending: compensation (seed 000)",
                "idempotencyKey": "comp-\(e2e.tag)",
            ]
            let adjusted = try await client.post("/customers/\(gina)/wallet/adjust", body)
            #expect(adjusted.status == 200, "\(adjusted.text)")
            let result = try #require(adjusted.json["result"])
            #expect(result["balance"]?.intValue == 0, "the debt is cleared")
            #expect(result["entry"]?["kind"]?.stringValue == "adjustment")
            #expect(result["entry"]?["memo"]?.stringValue == "refund after spending: compensation (seed 000)")
            #expect(try await e2e.view(gina).balance("gems") == 0)
            let again = try await client.post("/customers/\(gina)/wallet/adjust", body)
            #expect(again.json["replayed"] == .bool(true))
            #expect(try await e2e.view(gina).balance("gems") == 0, "a retry books nothing more")

            let id = try E2EStack.id(gina)
            let adjustments = try await e2e.store.read { try await $0.journal(customerId: id, limit: 100) }.filter {
                $0.kind == .adjustment
            }
            #expect(adjustments.count == 1)
            let entry = try #require(adjustments.first)
            #expect(entry.postings.reduce(0) { $0 + $1.amount } == 0)
            #expect(entry.postings.contains { $0.account == .adjustment("gems") && $0.amount == -80 })
            #expect(entry.reference == "operator:\(support.name)")
            try await e2e.expectLedgerBalanced()
            let audited = try #require(try await e2e.audit(gina).first { $0.kind == "wallet.adjusted" })
            #expect(audited.actor.operatorName == support.name)
            #expect(audited.details["balanceAfter"] == "0")
            // Spending works again once the debt is cleared and gems arrive.
            let blocked = try await e2e.server.post(
                "/customers/\(gina)/spend", ["currency": "gems", "amount": 1, "idempotencyKey": "potion"])
            #expect(blocked.status == 409)
        }
    }

    /// A client retrying while its first request is still running (a double click, a timeout):
    /// every copy answers 200, one did the work, the others replay it; the balance moves once.
    @Test(arguments: E2EBackend.all)
    func racingCopiesOfOneAdjustmentBookItOnce(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let support = try await e2e.createOperator(.support)
            let quinn = e2e.customer("quinn")
            _ = try await e2e.createOrder(quinn, product: DemoCatalog.gems)
            let key = "race-\(e2e.tag)"
            let answers = try await e2e.race(8, credential: support.key, "/customers/\(quinn)/wallet/adjust") {
                ["currency": "gems", "amount": 40, "reason": "goodwill", "idempotencyKey": key]
            }
            #expect(answers.allSatisfy { $0.0 == 200 }, "\(answers)")
            #expect(answers.filter { $0.1 == false }.count == 1, "\(answers)")
            #expect(try await e2e.view(quinn).balance("gems") == 40)
        }
    }

    /// Under `clamp` a debit may not leave the balance below zero; under `allow_negative` it may.
    @Test(arguments: E2EBackend.all, [DebtPolicy.clamp, .allowNegative])
    func aDebitFollowsTheDebtPolicy(_ backend: E2EBackend, _ debt: DebtPolicy) async throws {
        try await E2E.routes(backend, policy: AppPolicy(debt: debt)) { e2e in
            let support = try await e2e.operatorClient(.support)
            let hal = e2e.customer("hal")
            _ = try await e2e.createOrder(hal, product: DemoCatalog.gems)
            let path = "/customers/\(hal)/wallet/adjust"
            let credit = try await support.post(
                path, ["currency": "gems", "amount": 30, "reason": "goodwill", "idempotencyKey": "c-\(e2e.tag)"])
            #expect(credit.json["result"]?["balance"]?.intValue == 30)
            let debit = try await support.post(
                path, ["currency": "gems", "amount": -50, "reason": "credited by mistake", "idempotencyKey": "d-\(e2e.tag)"])
            switch debt {
            case .clamp:
                #expect(debit.status == 409, "\(debit.text)")
                #expect(debit.errorCode == "insufficientFunds")
                #expect(try await e2e.view(hal).balance("gems") == 30)
            case .allowNegative:
                #expect(debit.status == 200, "\(debit.text)")
                #expect(try await e2e.view(hal).balance("gems") == -20)
            }
            let zero = try await support.post(path, ["currency": "gems", "amount": 0, "reason": "r", "idempotencyKey": "z-\(e2e.tag)"])
            #expect(zero.status == 400)
            let huge = try await support.post(
                path, ["currency": "gems", "amount": Int64.max, "reason": "r", "idempotencyKey": "h-\(e2e.tag)"])
            #expect(huge.status == 400, "no balance can overflow: \(huge.text)")
            let placeholder = try await support.post(
                "/customers/unclaimed:Sandbox:1/wallet/adjust",
                ["currency": "gems", "amount": 5, "reason": "r", "idempotencyKey": "p-\(e2e.tag)"])
            #expect(placeholder.status == 400, "\(placeholder.text)")
            let unknown = try await support.post(path, ["currency": "coins", "amount": 5, "reason": "r", "idempotencyKey": "u-\(e2e.tag)"])
            #expect(unknown.status == 422)
            #expect(unknown.errorCode == "unknownCurrency")
        }
    }
}

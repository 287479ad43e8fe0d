import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import Testing

/// Spending currency through HTTP: idempotency keys, conflicts, insufficient funds.
@Suite struct PurchaseWalletTests {
    @Test(arguments: E2EBackend.withMemory)
    func spendIsIdempotentAndNeverOverdraws(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let bob = e2e.customer("bob")
            try e2e.appleAccount("alice-apple")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems, quantity: 3)
            let purchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple", token: order.appAccountToken, quantity: 3)
            #expect(try await e2e.submit(alice, signedTransaction: purchase.signedTransaction).status == 200)
            let token = try e2e.client(as: alice)

            let spend = ["currency": "gems", "amount": 50, "idempotencyKey": "sword-1", "reference": "item:sword"] as [String: Any]
            let first = try await token.post("/customers/\(alice)/spend", spend)
            #expect(first.status == 200, "\(first.text)")
            #expect(first.json["balance"]?.intValue == 250)
            #expect(first.json["replayed"] == .bool(false))
            // A retry after a timeout: same answer, nothing spent twice.
            let replay = try await token.post("/customers/\(alice)/spend", spend)
            #expect(replay.status == 200)
            #expect(replay.json["balance"]?.intValue == 250)
            #expect(replay.json["replayed"] == .bool(true))
            // The same key for a different spend is a client bug.
            let different = try await token.post(
                "/customers/\(alice)/spend", ["currency": "gems", "amount": 60, "idempotencyKey": "sword-1"])
            #expect(different.status == 409)
            #expect(different.errorCode == "conflict")
            let tooMuch = try await token.post(
                "/customers/\(alice)/spend", ["currency": "gems", "amount": 251, "idempotencyKey": "castle-1"])
            #expect(tooMuch.status == 409)
            #expect(tooMuch.errorCode == "insufficientFunds")
            let all = try await token.post(
                "/customers/\(alice)/spend", ["currency": "gems", "amount": 250, "idempotencyKey": "castle-2"])
            #expect(all.status == 200)
            #expect(all.json["balance"]?.intValue == 0)
            // Keys are per customer: Bob's "sword-1" is not Alice's.
            let bobSpend = try await e2e.server.post(
                "/customers/\(bob)/spend", ["currency": "gems", "amount": 50, "idempotencyKey": "sword-1"])
            #expect(bobSpend.status == 409)
            #expect(bobSpend.errorCode == "insufficientFunds")

            for (body, label) in [
                (["currency": "rubies", "amount": 1, "idempotencyKey": "k"], "unknown currency"),
                (["currency": "gems", "amount": 0, "idempotencyKey": "k"], "zero amount"),
                (["currency": "gems", "amount": -5, "idempotencyKey": "k"], "negative amount"),
                (["currency": "gems", "amount": 1, "idempotencyKey": ""], "empty key"),
                (["currency": "gems", "amount": 1], "no key"),
            ] as [([String: Any], String)] {
                let response = try await token.post("/customers/\(alice)/spend", body)
                #expect(response.status == 400, "\(label): \(response.text)")
                #expect(response.errorCode == "invalidRequest", "\(label)")
            }

            let id = try E2EStack.id(alice)
            let journal = try await e2e.store.read { try await $0.journal(customerId: id, limit: 100) }
            #expect(journal.filter { $0.kind == .spend }.map(\.customerDelta).sorted() == [-250, -50])
            #expect(try await e2e.view(alice).balance("gems") == 0)
            let spent = try await e2e.audit(alice).filter { $0.kind == "wallet.spent" }
            #expect(spent.count == 2)
        }
    }
}

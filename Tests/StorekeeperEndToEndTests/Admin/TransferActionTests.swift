import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import Testing

/// Transfers and merges by hand, against the simulator: purchases move with what they grant
/// under the app's transfer policy; a consumable's currency stays; a merge is the alias merge.
@Suite struct TransferActionTests {
    @Test(arguments: E2EBackend.all)
    func purchasesMoveToAnotherCustomerUnderThePolicy(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let support = try await e2e.operatorClient(.support)
            let kim = e2e.customer("kim")
            let lee = e2e.customer("lee")
            try e2e.appleAccount("kim-apple")
            for product in [DemoCatalog.removeAds, DemoCatalog.gems] {
                let order = try await e2e.createOrder(kim, product: product)
                let bought = try await e2e.buy(product, account: "kim-apple", token: order.appAccountToken)
                #expect((try await e2e.submit(kim, signedTransaction: bought.signedTransaction)).status == 200)
            }
            #expect(try await e2e.view(kim).has("no_ads"))
            let body: [String: Any] = ["to": lee, "reason": "customer changed accounts (ticket 12)", "idempotencyKey": "t-\(e2e.tag)"]
            let moved = try await support.post("/customers/\(kim)/transfer", body)
            #expect(moved.status == 200, "\(moved.text)")
            let result = try #require(moved.json["result"])
            #expect(result["moved"]?.arrayValue?.compactMap { $0["productId"]?.stringValue } == [DemoCatalog.removeAds])
            #expect(result["skipped"]?.arrayValue?.compactMap { $0["productId"]?.stringValue } == [DemoCatalog.gems])
            #expect(try await e2e.view(lee).has("no_ads"))
            #expect(try await e2e.view(kim).has("no_ads") == false)
            #expect(try await e2e.view(kim).balance("gems") == 100, "currency stays in the wallet")
            #expect(try await e2e.audit(lee).contains { $0.kind == "ownership.transferred" && $0.actor.operatorName != nil })
            let replay = try await support.post("/customers/\(kim)/transfer", body)
            #expect(replay.json["replayed"] == .bool(true))
            let unknown = try await support.post(
                "/customers/\(lee)/transfer", ["to": kim, "transactionIds": ["999"], "reason": "r", "idempotencyKey": "u-\(e2e.tag)"])
            #expect(unknown.status == 404)

            // A merge: the guest's purchases, balances and orders join the account.
            let merged = try await support.post(
                "/customers/\(kim)/merge", ["into": lee, "reason": "duplicate account", "idempotencyKey": "m-\(e2e.tag)"])
            #expect(merged.status == 200, "\(merged.text)")
            let view = try CustomerBody(merged.json["result"]?["customer"] ?? .null)
            #expect(view.balance("gems") == 100)
            #expect(view.has("no_ads"))
            #expect(try await e2e.audit(kim).contains { $0.kind == "customer.merged" && $0.reason == "duplicate account" })
        }
    }

    /// A purchase the App Store reported without any token waits with an unclaimed placeholder;
    /// support gives it, with the currency it credited, to the customer who paid.
    @Test(arguments: E2EBackend.all)
    func anUnclaimedPurchaseIsGivenToTheCustomerWhoPaid(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let support = try await e2e.operatorClient(.support)
            let pat = e2e.customer("pat")
            try e2e.appleAccount("pat-apple")
            let bought = try await e2e.buy(DemoCatalog.gems, account: "pat-apple")
            let original = try #require(bought.transaction.originalTransactionId)
            let placeholder = "unclaimed:Sandbox:\(original)"
            #expect(try await e2e.view(placeholder).balance("gems") == 100)
            let moved = try await support.post(
                "/customers/\(placeholder)/transfer", ["to": pat, "reason": "receipt matches pat", "idempotencyKey": "p-\(e2e.tag)"])
            #expect(moved.status == 200, "\(moved.text)")
            #expect(moved.json["result"]?["moved"]?.arrayValue?.count == 1)
            #expect(try await e2e.view(pat).balance("gems") == 100)
            #expect(try await e2e.view(placeholder).balance("gems") == 0)
            let toPlaceholder = try await support.post(
                "/customers/\(pat)/transfer", ["to": placeholder, "reason": "r", "idempotencyKey": "q-\(e2e.tag)"])
            #expect(toPlaceholder.status == 400)
        }
    }

    @Test(arguments: E2EBackend.all)
    func aKeepPolicyRefusesTransfers(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, policy: AppPolicy(transfer: .keep)) { e2e in
            let support = try await e2e.operatorClient(.support)
            let mo = e2e.customer("mo")
            _ = try await e2e.createOrder(mo, product: DemoCatalog.gems)
            let refused = try await support.post(
                "/customers/\(mo)/transfer", ["to": e2e.customer("ned"), "reason": "r", "idempotencyKey": "k-\(e2e.tag)"])
            #expect(refused.status == 409)
            #expect(refused.errorCode == "transferNotAllowed")
        }
    }
}

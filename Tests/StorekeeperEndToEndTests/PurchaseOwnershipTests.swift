import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import Testing

/// One Apple account used by several app accounts (`seeds/003_*`), under each transfer policy,
/// and guest purchases merged into an account.
@Suite struct PurchaseOwnershipTests {
    /// Alice buys with the family's Apple account; later Bob signs in on the same device and the
    /// app presents the same purchases for him.
    static func aliceBuysThenBobPresents(
        _ e2e: E2EStack
    ) async throws -> (alice: String, bob: String, removeAds: PurchaseResult, monthly: PurchaseResult, bobResponses: [APIResponse]) {
        let alice = e2e.customer("alice")
        let bob = e2e.customer("bob")
        try e2e.appleAccount("family-apple")
        let removeAds = try await e2e.buy(
            DemoCatalog.removeAds, account: "family-apple",
            token: try await e2e.createOrder(alice, product: DemoCatalog.removeAds).appAccountToken)
        let monthly = try await e2e.buy(
            DemoCatalog.proMonthly, account: "family-apple",
            token: try await e2e.createOrder(alice, product: DemoCatalog.proMonthly).appAccountToken)
        for purchase in [removeAds, monthly] {
            #expect(try await e2e.submit(alice, signedTransaction: purchase.signedTransaction).status == 200)
        }
        let aliceView = try await e2e.view(alice)
        #expect(aliceView.has("no_ads") && aliceView.has("premium"))
        var responses: [APIResponse] = []
        let bobClient = try e2e.client(as: bob)
        for purchase in [removeAds, monthly] {
            responses.append(try await e2e.submit(bob, signedTransaction: purchase.signedTransaction, as: bobClient))
        }
        return (alice, bob, removeAds, monthly, responses)
    }

    static func events(_ e2e: E2EStack, _ customer: String, kind: String) async throws -> [AuditEvent] {
        try await e2e.audit(customer).filter { $0.kind == kind }
    }

    @Test(arguments: E2EBackend.all)
    func transferPolicyMovesThePurchase(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let (alice, bob, removeAds, monthly, responses) = try await Self.aliceBuysThenBobPresents(e2e)
            for response in responses {
                #expect(response.status == 200, "\(response.text)")
                #expect(response.json["status"]?.stringValue == "recorded", "new to Bob, although Storekeeper knew it")
                #expect(response.json["transactionIds"]?.arrayValue?.count == 1)
            }
            let bobView = try await e2e.view(bob)
            #expect(bobView.has("no_ads") && bobView.has("premium") && bobView.has("pro"))
            #expect(bobView.subscriptions.map(\.originalTransactionId) == [monthly.transaction.originalTransactionId ?? ""])
            #expect(
                Set(bobView.purchases.map(\.transactionId))
                    == Set([removeAds, monthly].compactMap(\.transaction.transactionId)))
            let aliceView = try await e2e.view(alice)
            #expect(!aliceView.has("no_ads") && !aliceView.has("premium"))
            #expect(aliceView.subscriptions.isEmpty)
            #expect(aliceView.purchases.isEmpty)
            for customer in [alice, bob] {
                let transfers = try await Self.events(e2e, customer, kind: "ownership.transferred")
                #expect(transfers.count == 2, "\(customer): \(transfers)")
                #expect(transfers.allSatisfy { $0.details["from"] == alice && $0.details["to"] == bob })
            }
            #expect(try await Self.events(e2e, alice, kind: "entitlement.removed").count >= 2)
        }
    }

    @Test(arguments: E2EBackend.all)
    func keepPolicyLeavesThePurchaseWithItsOwner(_ backend: E2EBackend) async throws {
        var policy = AppPolicy()
        policy.transfer = .keep
        try await E2E.run(backend, policy: policy) { e2e in
            let (alice, bob, _, _, responses) = try await Self.aliceBuysThenBobPresents(e2e)
            for response in responses {
                #expect(response.status == 200, "\(response.text)")
                #expect(response.json["status"]?.stringValue == "ownedByAnotherCustomer")
                #expect(response.json["transactionIds"]?.arrayValue?.isEmpty == true)
            }
            let bobView = try await e2e.view(bob)
            #expect(bobView.entitlements.isEmpty && bobView.subscriptions.isEmpty && bobView.purchases.isEmpty)
            let aliceView = try await e2e.view(alice)
            #expect(aliceView.has("no_ads") && aliceView.has("premium"))
            let kept = try await Self.events(e2e, bob, kind: "ownership.kept")
            #expect(kept.count == 2)
            #expect(kept.allSatisfy { $0.details["owner"] == alice })
        }
    }

    @Test(arguments: E2EBackend.all)
    func refusePolicyAnswersConflict(_ backend: E2EBackend) async throws {
        var policy = AppPolicy()
        policy.transfer = .refuse
        try await E2E.run(backend, policy: policy) { e2e in
            let (alice, bob, _, _, responses) = try await Self.aliceBuysThenBobPresents(e2e)
            for response in responses {
                #expect(response.status == 409, "\(response.text)")
                #expect(response.errorCode == "ownedByAnotherCustomer")
                #expect(!response.text.contains(alice), "the other customer's id is not shown")
            }
            let bobView = try await e2e.view(bob)
            #expect(bobView.entitlements.isEmpty && bobView.purchases.isEmpty)
            #expect(try await e2e.view(alice).has("no_ads"))
            // The refusal is on record although the submission was rejected.
            let refused = try await Self.events(e2e, bob, kind: "ownership.refused")
            let bobKinds = try await e2e.audit(bob).map(\.kind)
            #expect(refused.count == 2, "\(bobKinds)")
            #expect(refused.allSatisfy { $0.details["owner"] == alice })
        }
    }

    /// A consumable is used up once credited: whoever presents it again gets nothing, under any
    /// policy.
    @Test(arguments: E2EBackend.all)
    func consumablesNeverMoveBetweenCustomers(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let bob = e2e.customer("bob")
            try e2e.appleAccount("family-apple")
            let gems = try await e2e.buy(
                DemoCatalog.gems, account: "family-apple",
                token: try await e2e.createOrder(alice, product: DemoCatalog.gems).appAccountToken)
            #expect(try await e2e.submit(alice, signedTransaction: gems.signedTransaction).status == 200)
            let response = try await e2e.submit(bob, signedTransaction: gems.signedTransaction)
            #expect(response.status == 200)
            #expect(response.json["status"]?.stringValue == "replayed")
            #expect(try await e2e.view(bob).balance("gems") == 0)
            #expect(try await e2e.view(alice).balance("gems") == 100)
            #expect(try await Self.events(e2e, bob, kind: "purchase.presentedByOtherCustomer").count == 1)
        }
    }

    /// A guest buys on a device before signing up; when the account is created the app's
    /// backend adds the device as an alias and everything moves.
    @Test(arguments: E2EBackend.all)
    func guestPurchasesMoveToTheAccount(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let guest = "guest:" + e2e.customer("device")
            let account = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            var bought: [PurchaseResult] = []
            for product in [DemoCatalog.gems, DemoCatalog.removeAds, DemoCatalog.seasonPass, DemoCatalog.proMonthly] {
                let order = try await e2e.createOrder(guest, product: product)
                let purchase = try await e2e.buy(product, account: "alice-apple", token: order.appAccountToken)
                let response = try await e2e.submit(guest, signedTransaction: purchase.signedTransaction)
                #expect(response.status == 200, "\(response.text)")
                bought.append(purchase)
            }
            let guestView = try await e2e.view(guest)
            #expect(guestView.balance("gems") == 100)
            #expect(guestView.has("no_ads") && guestView.has("season_pass") && guestView.has("premium"))
            // An open order moves too.
            let open = try await e2e.createOrder(guest, product: DemoCatalog.gems)

            // Customer tokens may not merge; the app's backend does.
            let denied = try await e2e.client(as: account).post("/customers/\(account)/aliases", ["alias": guest])
            #expect(denied.status == 403)
            #expect(denied.errorCode == "forbidden")
            let merged = try await e2e.server.post("/customers/\(account)/aliases", ["alias": guest])
            #expect(merged.status == 200, "\(merged.text)")
            let view = try CustomerBody(merged.json)
            #expect(merged.json["customerId"]?.stringValue == account)
            #expect(view.balance("gems") == 100)
            #expect(view.has("no_ads") && view.has("season_pass") && view.has("premium") && view.has("pro"))
            #expect(view.entitlement("season_pass")?.expiresAt == guestView.entitlement("season_pass")?.expiresAt)
            #expect(view.subscriptions.map(\.originalTransactionId) == [bought[3].transaction.originalTransactionId ?? ""])
            #expect(Set(view.purchases.map(\.transactionId)) == Set(bought.compactMap(\.transaction.transactionId)))
            let after = try await e2e.view(guest)
            #expect(after.balance("gems") == 0)
            #expect(after.entitlements.isEmpty && after.subscriptions.isEmpty && after.purchases.isEmpty)
            let openRead = try OrderBody(try await e2e.server.get("/orders/\(open.id.uuidString)").json["order"])
            #expect(openRead.customerId == account)

            // Merging again is a no-op; merging into someone else is a conflict.
            let again = try await e2e.server.post("/customers/\(account)/aliases", ["alias": guest])
            #expect(again.status == 200)
            #expect(try CustomerBody(again.json).balance("gems") == 100)
            let elsewhere = try await e2e.server.post("/customers/\(e2e.customer("mallory"))/aliases", ["alias": guest])
            #expect(elsewhere.status == 409)
            #expect(elsewhere.errorCode == "conflict")
            let unknown = try await e2e.server.post("/customers/\(account)/aliases", ["alias": "guest:" + e2e.customer("nobody")])
            #expect(unknown.status == 404)
            let itself = try await e2e.server.post("/customers/\(account)/aliases", ["alias": account])
            #expect(itself.status == 400)
            for customer in [guest, account] {
                #expect(try await Self.events(e2e, customer, kind: "customer.merged").count == 1)
            }
            // The guest's future purchases with the same Apple account land on the account too.
            let renewed = try await e2e.submit(account, signedTransaction: bought[1].signedTransaction)
            #expect(renewed.status == 200)
            #expect(renewed.json["status"]?.stringValue == "replayed")
        }
    }
}

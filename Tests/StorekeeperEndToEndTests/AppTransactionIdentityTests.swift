import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import Testing

/// The app transaction identifier (one per Apple account and app) as an identity key: stored
/// with every transaction, found by operators' search, and named in the transfer policy's
/// decisions when a second app account presents the same Apple account's purchases.
@Suite struct AppTransactionIdentityTests {
    @Test(arguments: E2EBackend.all)
    func customersOfOneAppleAccountAreFoundByItsAppTransactionId(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let bob = e2e.customer("bob")
            let account = try e2e.appleAccount("shared-apple-\(e2e.tag)")
            let first = try await e2e.buy(
                DemoCatalog.removeAds, account: account,
                token: try await e2e.createOrder(alice, product: DemoCatalog.removeAds).appAccountToken)
            #expect(try await e2e.submit(alice, signedTransaction: first.signedTransaction).status == 200)
            let appTransactionId = try #require(first.transaction.appTransactionId)
            let viewer = try await e2e.operatorClient(.viewer)

            var answer = try SearchTests.matches(try await viewer.get("/search?q=\(appTransactionId)"))
            var found = answer.matches.filter { SearchMatch.Kind(rawValue: $0.kind) == .appTransaction }
            #expect(found.map(\.customerId) == [alice], "\(answer.matches)")

            // Bob signs in to the app on the same Apple account and buys gems of his own.
            let gems = try await e2e.buy(
                DemoCatalog.gems, account: account, token: try await e2e.createOrder(bob, product: DemoCatalog.gems).appAccountToken)
            #expect(try await e2e.submit(bob, signedTransaction: gems.signedTransaction).status == 200)
            #expect(gems.transaction.appTransactionId == appTransactionId, "one app transaction per Apple account and app")
            answer = try SearchTests.matches(try await viewer.get("/search?q=\(appTransactionId)"))
            found = answer.matches.filter { SearchMatch.Kind(rawValue: $0.kind) == .appTransaction }
            #expect(Set(found.map(\.customerId)) == [alice, bob], "one Apple account behind two customers: \(answer.matches)")
            #expect(found.allSatisfy { $0.environment == AppStoreEnvironment.sandbox.rawValue })
        }
    }

    @Test(arguments: E2EBackend.all)
    func aSecondAppAccountOnTheSameAppleAccountMeetsTheTransferPolicy(_ backend: E2EBackend) async throws {
        var policy = AppPolicy()
        policy.transfer = .keep
        try await E2E.run(backend, policy: policy) { e2e in
            let (alice, bob, removeAds, _, responses) = try await PurchaseOwnershipTests.aliceBuysThenBobPresents(e2e)
            for response in responses {
                #expect(response.json["status"]?.stringValue == "ownedByAnotherCustomer")
            }
            let appTransactionId = try #require(removeAds.transaction.appTransactionId)
            let kept = try await PurchaseOwnershipTests.events(e2e, bob, kind: "ownership.kept")
            #expect(kept.count == 2)
            #expect(kept.allSatisfy { $0.details["owner"] == alice && $0.details["appleAccount"] == appTransactionId }, "\(kept)")
            #expect(try await e2e.view(alice).has("no_ads"))
        }
    }
}

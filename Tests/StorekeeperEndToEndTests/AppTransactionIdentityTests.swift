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

    /// Bob buys gems of his own on the Apple account Alice bought with: nothing conflicts, yet
    /// one Apple account is behind two customers, and both trails and records say so, once.
    /// A customer on another Apple account is told nothing; a guest's link follows its login.
    @Test(arguments: E2EBackend.all)
    func oneAppleAccountBehindSeveralCustomersIsDetectedOnce(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let bob = e2e.customer("bob")
            let carol = e2e.customer("carol")
            let account = try e2e.appleAccount("shared-apple-\(e2e.tag)")
            let elsewhere = try e2e.appleAccount("carol-apple-\(e2e.tag)")
            let removeAds = try await e2e.buy(
                DemoCatalog.removeAds, account: account,
                token: try await e2e.createOrder(alice, product: DemoCatalog.removeAds).appAccountToken)
            #expect(try await e2e.submit(alice, signedTransaction: removeAds.signedTransaction).status == 200)
            #expect(try await PurchaseOwnershipTests.events(e2e, alice, kind: "appleAccount.shared").isEmpty, "alone so far")

            let gems = try await e2e.buy(
                DemoCatalog.gems, account: account, token: try await e2e.createOrder(bob, product: DemoCatalog.gems).appAccountToken)
            for _ in 0..<2 {  // the second submission is a replay
                #expect(try await e2e.submit(bob, signedTransaction: gems.signedTransaction).status == 200)
            }
            let appTransactionId = try #require(gems.transaction.appTransactionId)
            let bobShared = try await PurchaseOwnershipTests.events(e2e, bob, kind: "appleAccount.shared")
            let aliceShared = try await PurchaseOwnershipTests.events(e2e, alice, kind: "appleAccount.shared")
            #expect(bobShared.map { $0.details["sharedWith"] } == [alice], "\(bobShared)")
            #expect(aliceShared.map { $0.details["sharedWith"] } == [bob], "\(aliceShared)")
            #expect((bobShared + aliceShared).allSatisfy { $0.details["appleAccount"] == appTransactionId })

            let carolGems = try await e2e.buy(
                DemoCatalog.gems, account: elsewhere,
                token: try await e2e.createOrder(carol, product: DemoCatalog.gems).appAccountToken)
            #expect(try await e2e.submit(carol, signedTransaction: carolGems.signedTransaction).status == 200)
            #expect(try await PurchaseOwnershipTests.events(e2e, carol, kind: "appleAccount.shared").isEmpty)

            let viewer = try await e2e.operatorClient(.viewer)
            let bobRecord = try CustomerRecordTests.decode(AdminCustomerRecord.self, try await viewer.get("/customers/\(bob)"))
            #expect(
                bobRecord.appleAccounts
                    == [AdminAppleAccount(appTransactionId: appTransactionId, environment: "Sandbox", sharedWith: [alice])])
            let carolRecord = try CustomerRecordTests.decode(AdminCustomerRecord.self, try await viewer.get("/customers/\(carol)"))
            #expect(carolRecord.appleAccounts?.map(\.sharedWith) == [[]])

            // A guest on the shared account logs in as Carol: Carol is now behind it too.
            let guest = e2e.customer("guest:device-\(e2e.tag)")
            let guestGems = try await e2e.buy(
                DemoCatalog.gems, account: account, token: try await e2e.createOrder(guest, product: DemoCatalog.gems).appAccountToken)
            #expect(try await e2e.submit(guest, signedTransaction: guestGems.signedTransaction).status == 200)
            #expect(try await e2e.server.post("/customers/\(carol)/aliases", ["alias": guest]).status == 200)
            let merged = try CustomerRecordTests.decode(AdminCustomerRecord.self, try await viewer.get("/customers/\(carol)"))
            #expect(
                Set(merged.appleAccounts?.map(\.appTransactionId) ?? []) == [
                    appTransactionId, try #require(carolGems.transaction.appTransactionId),
                ])
            #expect(merged.appleAccounts?.first { $0.appTransactionId == appTransactionId }?.sharedWith == [alice, bob])
        }
    }
}

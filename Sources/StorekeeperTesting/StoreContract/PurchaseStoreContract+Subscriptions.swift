import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let subscriptionCases: [StoreContractCase] = [
        StoreContractCase("subscriptions: save, replace, per customer and expiring-window queries, with commitments") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            let a = StoreFixtures.subscription("a", customer: alice, expiresAt: 100)
            let b = StoreFixtures.subscription("b", customer: alice, expiresAt: 200, commitment: StoreFixtures.commitment)
            let sandboxA = StoreFixtures.subscription("a", customer: alice, expiresAt: 150, environment: .sandbox)
            let c = StoreFixtures.subscription("c", customer: bob, expiresAt: 300)
            let lapsed = StoreFixtures.subscription("d", customer: bob, expiresAt: nil, phase: "revoked")
            try await store.write { tx throws in
                for subscription in [a, b, sandboxA, c, lapsed] { try await tx.saveSubscription(subscription) }
            }
            try await store.read { tx throws in
                #expect(try await tx.subscription(environment: .production, originalTransactionId: "a") == a)
                #expect(try await tx.subscription(environment: .sandbox, originalTransactionId: "a") == sandboxA)
                #expect(try await tx.subscription(environment: .production, originalTransactionId: "zzz") == nil)
                #expect(Set(try await tx.subscriptions(customerId: alice)) == [a, b, sandboxA])
                #expect(Set(try await tx.subscriptions(customerId: bob)) == [c, lapsed])
                // [lower, upper), soonest first.
                let window = StoreFixtures.at(100)..<StoreFixtures.at(300)
                #expect(try await tx.subscriptions(expiringIn: window, limit: 10) == [a, sandboxA, b])
                #expect(try await tx.subscriptions(expiringIn: window, limit: 2) == [a, sandboxA])
            }

            // The lifecycle moves a subscription (renewal, then transfer to bob).
            var renewed = a
            renewed.expiresAt = StoreFixtures.at(400)
            renewed.lastSignedDate = StoreFixtures.at(50)
            renewed.phase = "gracePeriod"
            renewed.customerId = bob
            renewed.state = Data([0, 1, 2, 255])
            renewed.updatedAt = StoreFixtures.at(51)
            // Known in part: the renewal info has not said whether the commitment renews.
            renewed.commitment = CommitmentProgress(billingPeriodNumber: 1, totalBillingPeriods: 12)
            try await store.write { try await $0.saveSubscription(renewed) }
            try await store.read { tx throws in
                #expect(try await tx.subscription(environment: .production, originalTransactionId: "a") == renewed)
                #expect(Set(try await tx.subscriptions(customerId: alice)) == [b, sandboxA])
                #expect(try await tx.subscriptions(expiringIn: StoreFixtures.at(100)..<StoreFixtures.at(101), limit: 10).isEmpty)
            }
        }
    ]

    static let grantCases: [StoreContractCase] = [
        StoreContractCase("grants: replaced as a whole, in order, per customer") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            func grant(_ customer: CustomerID, _ entitlement: String, _ transaction: String, expires: Int64?) -> EntitlementGrant {
                EntitlementGrant(
                    customerId: customer, entitlement: entitlement, productId: "product.\(entitlement)",
                    source: GrantSource(environment: .production, originalTransactionId: "o-\(transaction)", transactionId: transaction),
                    startsAt: StoreFixtures.at(1), expiresAt: expires.map(StoreFixtures.at))
            }
            let first = [grant(alice, "pro", "t2", expires: 100), grant(alice, "ads.off", "t1", expires: nil)]
            let bobs = [grant(bob, "pro", "t9", expires: 50)]
            try await store.write { tx throws in
                try await tx.replaceGrants(customerId: alice, grants: first)
                try await tx.replaceGrants(customerId: bob, grants: bobs)
            }
            #expect(try await store.read { try await $0.grants(customerId: alice) } == first)
            // Replaying the same derivation changes nothing.
            try await store.write { try await $0.replaceGrants(customerId: alice, grants: first) }
            #expect(try await store.read { try await $0.grants(customerId: alice) } == first)

            let second = [
                grant(alice, "ads.off", "t1", expires: nil), grant(alice, "pro", "t3", expires: 200),
                grant(alice, "pro", "t2", expires: 100),
            ]
            try await store.write { try await $0.replaceGrants(customerId: alice, grants: second) }
            #expect(try await store.read { try await $0.grants(customerId: alice) } == second)
            try await store.write { try await $0.replaceGrants(customerId: alice, grants: []) }
            #expect(try await store.read { try await $0.grants(customerId: alice) }.isEmpty)
            #expect(try await store.read { try await $0.grants(customerId: bob) } == bobs)
        }
    ]
}

import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let customerRecordCases: [StoreContractCase] = [
        StoreContractCase("customer record: the parts as read one by one, in their orders, and no one else's") { context throws in
            let store = context.store
            let alice = StoreFixtures.customer("alice", at: 5)
            let bob = StoreFixtures.customer("bob", at: 6)
            func grant(_ customer: CustomerID, _ entitlement: String, _ transaction: String) -> EntitlementGrant {
                EntitlementGrant(
                    customerId: customer, entitlement: entitlement, productId: "product.\(entitlement)",
                    source: GrantSource(environment: .production, originalTransactionId: "o-\(transaction)", transactionId: transaction),
                    startsAt: StoreFixtures.at(1), expiresAt: nil)
            }
            // Grants keep the order given (not by entitlement or transaction); subscriptions and
            // purchases tie on their first sort keys so the later keys decide.
            let grants = [grant(alice.id, "zeta", "t9"), grant(alice.id, "alpha", "t1"), grant(alice.id, "mid", "t5")]
            let purchases = [
                StoreFixtures.transaction("t10", purchasedAt: 50), StoreFixtures.transaction("t9", purchasedAt: 50),
                StoreFixtures.transaction("t10", environment: .sandbox, purchasedAt: 50),
                StoreFixtures.transaction("t2", purchasedAt: 70), StoreFixtures.transaction("t3", purchasedAt: 10),
            ]
            try await store.write { tx throws in
                for customer in [alice, bob] { try await tx.ensureCustomer(customer) }
                try await tx.replaceGrants(customerId: alice.id, grants: grants)
                try await tx.replaceGrants(customerId: bob.id, grants: [grant(bob.id, "pro", "b1")])
                for subscription in [
                    StoreFixtures.subscription("s2", customer: alice.id, expiresAt: 100),
                    StoreFixtures.subscription("s10", customer: alice.id, expiresAt: 100, commitment: StoreFixtures.commitment),
                    StoreFixtures.subscription("s1", customer: alice.id, expiresAt: nil, environment: .sandbox),
                    StoreFixtures.subscription("s3", customer: bob.id, expiresAt: 100),
                ] {
                    try await tx.saveSubscription(subscription)
                }
                for fact in purchases { #expect(try await tx.upsertTransaction(fact, customerId: alice.id, orderId: nil) == .inserted) }
                #expect(try await tx.upsertTransaction(StoreFixtures.transaction("b1"), customerId: bob.id, orderId: nil) == .inserted)
                for entry in [
                    try StoreFixtures.credit(alice.id, 30, key: "a1"), try StoreFixtures.credit(alice.id, 7, key: "a2", currency: "coins"),
                    try StoreFixtures.credit(bob.id, 99, key: "b1"),
                ] {
                    _ = try await tx.post(entry, requireNonNegative: false)
                }
            }
            try await store.read { tx throws in
                for limit in [0, 2, 20] {
                    let record = try await tx.customerRecord(alice.id, purchaseLimit: limit)
                    let parts = CustomerRecord(
                        customer: try await tx.customer(alice.id), grants: try await tx.grants(customerId: alice.id),
                        subscriptions: try await tx.subscriptions(customerId: alice.id).map(CustomerView.Subscription.init),
                        balances: try await tx.balances(customerId: alice.id),
                        purchases: try await tx.purchaseHistory(customerId: alice.id, limit: limit))
                    #expect(record == parts)
                    #expect(record.purchases.count == min(limit, purchases.count))
                }
                let record = try await tx.customerRecord(alice.id, purchaseLimit: 20)
                #expect(record.customer == alice)
                #expect(record.grants == grants)
                #expect(record.balances == ["gems": 30, "coins": 7])
                #expect(
                    record.subscriptions.map { "\($0.environment.rawValue):\($0.originalTransactionId)" } == [
                        "Production:s10", "Production:s2", "Sandbox:s1",
                    ])
                #expect(record.subscriptions.map(\.commitment) == [StoreFixtures.commitment, nil, nil])
                #expect(
                    record.purchases.map { "\($0.environment.rawValue):\($0.transactionId)" } == [
                        "Production:t2", "Sandbox:t10", "Production:t9", "Production:t10", "Production:t3",
                    ])

                let nobody = try await tx.customerRecord(StoreFixtures.customerID("nobody"), purchaseLimit: 20)
                #expect(nobody == CustomerRecord(customer: nil, grants: [], subscriptions: [], balances: [:], purchases: []))
                await #expect(throws: (any Error).self) { try await tx.customerRecord(alice.id, purchaseLimit: -1) }
            }
        }
    ]
}

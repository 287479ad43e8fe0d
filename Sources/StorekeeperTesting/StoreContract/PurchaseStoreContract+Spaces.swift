import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let spaceCases: [StoreContractCase] = [
        StoreContractCase("spaces: one id in three spaces is three customers, each read keyed by its own space") { context throws in
            let store = context.store
            let spaces = [CustomerSpace.preIsolation, CustomerSpace("app-a"), CustomerSpace("group-b")].compactMap { $0 }
            let ids = spaces.compactMap { CustomerID("kim", in: $0) }
            try #require(ids.count == 3)
            // The same spend key, the same grant, one purchase each: nothing of one may reach another.
            try await store.write { tx throws in
                for (index, id) in ids.enumerated() {
                    try await tx.ensureCustomer(Customer(id: id, createdAt: StoreFixtures.at(Int64(index))))
                    let credit = try StoreFixtures.credit(id, 100 * Int64(index + 1), key: "credit:\(id.key)")
                    #expect(try await tx.post(credit, requireNonNegative: false) != .duplicate)
                    let spend = try StoreFixtures.spend(id, 10, key: "same-key")
                    #expect(try await tx.post(spend, requireNonNegative: true) != .duplicate, "spend of \(id.key) booked")
                    let purchase = StoreFixtures.transaction("91000\(index)")
                    _ = try await tx.upsertTransaction(purchase, customerId: id, orderId: nil)
                    try await tx.setOwner(environment: .production, originalTransactionId: purchase.originalTransactionId, customerId: id)
                    try await tx.insertOrder(
                        Order(customerId: id, productId: "coins.100", createdAt: StoreFixtures.at(0), expiresAt: StoreFixtures.at(60_000)))
                    try await tx.replaceGrants(
                        customerId: id,
                        grants: [
                            EntitlementGrant(
                                customerId: id, entitlement: "pro", productId: "pro.monthly",
                                source: GrantSource(
                                    environment: .production, originalTransactionId: purchase.originalTransactionId,
                                    transactionId: purchase.transactionId),
                                startsAt: StoreFixtures.at(0), expiresAt: nil)
                        ])
                    try await tx.saveSubscription(StoreFixtures.subscription("92000\(index)", customer: id, expiresAt: 1_000))
                }
            }
            for (index, id) in ids.enumerated() {
                let others = Set(ids).subtracting([id])
                let record = try await store.read { try await $0.customerRecord(id, purchaseLimit: 10) }
                #expect(record.customer?.id == id)
                #expect(record.balances == ["gems": 100 * Int64(index + 1) - 10], "\(id.key)")
                #expect(record.purchases.map(\.transactionId) == ["91000\(index)"], "\(id.key)")
                #expect(record.grants.map(\.customerId) == [id])
                #expect(record.subscriptions.map(\.originalTransactionId) == ["92000\(index)"])
                let (journal, orders, transactions, owners) = try await store.read { reader in
                    (
                        try await reader.journal(customerId: id, limit: 10),
                        try await reader.orders(customerId: id, before: nil, limit: 10),
                        try await reader.transactions(customerId: id, limit: 10),
                        try await reader.owner(environment: .production, originalTransactionId: "91000\(index)")
                    )
                }
                #expect(journal.count == 2 && journal.allSatisfy { $0.customerId == id }, "\(id.key): \(journal)")
                #expect(orders.count == 1 && orders.allSatisfy { $0.customerId == id })
                #expect(transactions.map(\.customerId) == [id])
                #expect(owners == id, "the owner read back keeps its space")
                #expect(!others.contains(try #require(owners)))
                // A search by the id finds the customer of the asking space only.
                let query = try #require(SearchQuery("kim", in: id.space))
                let found = try await store.read { try await $0.searchMatches(query, environments: [.production], limit: 10) }
                #expect(found.contains { $0.kind == .customer })
                #expect(found.allSatisfy { $0.customerId == id }, "\(id.key): \(found)")
            }
            let elsewhere = try #require(CustomerSpace("app-c"))
            let unknown = try #require(CustomerID("kim", in: elsewhere))
            let nothing = try await store.read { try await $0.customerRecord(unknown, purchaseLimit: 10) }
            #expect(nothing.customer == nil && nothing.balances.isEmpty && nothing.purchases.isEmpty && nothing.grants.isEmpty)
        }
    ]
}

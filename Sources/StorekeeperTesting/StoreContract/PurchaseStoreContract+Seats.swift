import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let seatCases: [StoreContractCase] = [
        StoreContractCase("a transaction keeps its app transaction ID and seats; search finds every customer of one Apple account") {
            context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            var group = StoreFixtures.transaction(
                "400001", product: "pro.team", type: .autoRenewableSubscription, webOrder: "800001")
            group.ownership = .purchased
            group.quantity = 5
            group.appTransactionId = "900001"
            group.additionalTransactionReason = .seatAddition
            group.multiSeatInfo = TransactionMultiSeatInfo(
                invitationManagement: .apple,
                priceTiers: [MultiSeatPriceTier(tierPrice: 9990, tierQuantity: 3), MultiSeatPriceTier(tierPrice: 7990, tierQuantity: 2)],
                revokedSeatQuantity: 1)
            var gems = StoreFixtures.transaction("400002")
            gems.appTransactionId = "900001"
            var other = StoreFixtures.transaction("400003", environment: .sandbox)
            other.appTransactionId = "900001"
            try await store.write { tx throws in
                try await tx.ensureCustomer(StoreFixtures.customer("alice"))
                try await tx.ensureCustomer(StoreFixtures.customer("bob"))
                _ = try await tx.upsertTransaction(group, customerId: alice, orderId: nil)
                _ = try await tx.upsertTransaction(gems, customerId: bob, orderId: nil)
                _ = try await tx.upsertTransaction(other, customerId: bob, orderId: nil)
            }
            let stored = try await store.read { try await $0.transaction(environment: .production, transactionId: "400001") }
            #expect(stored?.transaction == group, "every field, the seats' JSON included, comes back as written")

            // A later record of the same transaction (more seats refunded) replaces the seats.
            var refunded = group
            refunded.multiSeatInfo?.revokedSeatQuantity = 2
            refunded.signedDate = StoreFixtures.at(1)
            try await store.write { tx throws in _ = try await tx.upsertTransaction(refunded, customerId: alice, orderId: nil) }
            let updated = try await store.read { try await $0.transaction(environment: .production, transactionId: "400001") }
            #expect(updated?.transaction.multiSeatInfo?.revokedSeatQuantity == 2)

            let query = try #require(SearchQuery("900001", in: .preIsolation))
            let matches = try await store.read { try await $0.searchMatches(query, environments: [.production], limit: 10) }
            #expect(
                matches
                    == [
                        SearchMatch(
                            kind: .appTransaction, customerId: alice, matched: "900001", environment: .production, productId: "pro.team"),
                        SearchMatch(
                            kind: .appTransaction, customerId: bob, matched: "900001", environment: .production, productId: "coins.100"),
                    ].sorted { $0.customerId.rawValue < $1.customerId.rawValue })
        }
    ]
}

import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let unpaidOrderCases: [StoreContractCase] = [
        StoreContractCase("orders: the unpaid orders of a product created in a window, expired ones included") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            func order(_ customer: CustomerID, _ product: String, at offset: Int64, state: OrderState) -> Order {
                var order = Order(
                    customerId: customer, productId: product, quantity: 1, state: state, createdAt: StoreFixtures.at(offset),
                    expiresAt: StoreFixtures.at(offset + 3_600_000))
                order.updatedAt = StoreFixtures.at(offset + 7_200_000)
                return order
            }
            let before = order(alice, "gems.100", at: 5, state: .created)
            let created = order(alice, "gems.100", at: 10, state: .created)
            let pending = order(bob, "gems.100", at: 20, state: .pending)
            let expired = order(alice, "gems.100", at: 30, state: .expired)
            let paid = order(bob, "gems.100", at: 40, state: .paid)
            let delivered = order(alice, "gems.100", at: 50, state: .delivered)
            let cancelled = order(alice, "gems.100", at: 60, state: .cancelled)
            let otherProduct = order(alice, "coins.100", at: 70, state: .created)
            let after = order(bob, "gems.100", at: 100, state: .expired)
            try await store.write { tx throws in
                for order in [before, created, pending, expired, paid, delivered, cancelled, otherProduct, after] {
                    try await tx.insertOrder(order)
                }
            }
            try await store.read { tx throws in
                let window = try await tx.unpaidOrders(
                    productId: "gems.100", createdFrom: StoreFixtures.at(10), createdBefore: StoreFixtures.at(100), limit: 10)
                #expect(window.map(\.id) == [created.id, pending.id, expired.id], "oldest first, paid and final ones left out")
                #expect(window.first == created)
                let first = try await tx.unpaidOrders(
                    productId: "gems.100", createdFrom: StoreFixtures.at(0), createdBefore: StoreFixtures.at(101), limit: 2)
                #expect(first.map(\.id) == [before.id, created.id])
                let none = try await tx.unpaidOrders(
                    productId: "none", createdFrom: StoreFixtures.at(0), createdBefore: StoreFixtures.at(1_000), limit: 10)
                #expect(none.isEmpty)
            }
        }
    ]
}

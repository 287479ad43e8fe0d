import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let customerCases: [StoreContractCase] = [
        StoreContractCase("customers: ensure inserts once, update changes, unknown update fails") { context throws in
            let store = context.store
            let alice = StoreFixtures.customer("alice", at: 1)
            #expect(try await store.read { try await $0.customer(alice.id) } == nil)

            let first = try await store.write { try await $0.ensureCustomer(alice) }
            #expect(first == alice)
            // A second ensure (another device, later) keeps what was stored first.
            var later = alice
            later.createdAt = StoreFixtures.at(99)
            later.consumptionConsent = true
            let second = try await store.write { try await $0.ensureCustomer(later) }
            #expect(second == alice)

            var updated = alice
            updated.mergedInto = StoreFixtures.customerID("account-42")
            updated.playTimeMinutes = 1_234
            updated.consumptionConsent = true
            try await store.write { try await $0.updateCustomer(updated) }
            #expect(try await store.read { try await $0.customer(alice.id) } == updated)

            await #expect(throws: (any Error).self) {
                try await store.write { try await $0.updateCustomer(StoreFixtures.customer("nobody")) }
            }
            #expect(try await store.read { try await $0.customer(StoreFixtures.customerID("nobody")) } == nil)
        },
        StoreContractCase("orders: insert, look up by id and token, update, open and stale queries") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            func order(_ customer: CustomerID, at offset: Int64, state: OrderState = .created) -> Order {
                var order = Order(
                    customerId: customer, productId: "coins.100", quantity: 2, state: state, createdAt: StoreFixtures.at(offset),
                    expiresAt: StoreFixtures.at(offset + 3_600_000), bonusCurrency: "gems", bonusAmount: 5)
                order.updatedAt = StoreFixtures.at(offset)
                return order
            }
            let created = order(alice, at: 10)
            let pending = order(alice, at: 20, state: .pending)
            let paid = order(alice, at: 30, state: .paid)
            let delivered = order(alice, at: 40, state: .delivered)
            let unknownState = order(alice, at: 50, state: OrderState(rawValue: "onHold"))
            let bobs = order(bob, at: 5)
            try await store.write { tx throws in
                for order in [created, pending, paid, delivered, unknownState, bobs] { try await tx.insertOrder(order) }
            }
            try await store.read { tx throws in
                #expect(try await tx.order(id: paid.id) == paid)
                #expect(try await tx.order(appAccountToken: pending.appAccountToken) == pending)
                #expect(try await tx.order(id: UUID.random()) == nil)
                #expect(try await tx.order(appAccountToken: UUID.random()) == nil)
                // Not final, newest first; an unknown state is not final.
                #expect(try await tx.openOrders(customerId: alice).map(\.id) == [unknownState.id, paid.id, pending.id, created.id])
                // Created or pending, of anyone, updated before the cut-off, oldest first.
                #expect(
                    try await tx.staleOrders(updatedBefore: StoreFixtures.at(21), limit: 10).map(\.id) == [bobs.id, created.id, pending.id])
                #expect(try await tx.staleOrders(updatedBefore: StoreFixtures.at(21), limit: 2).map(\.id) == [bobs.id, created.id])
                #expect(try await tx.staleOrders(updatedBefore: StoreFixtures.at(10), limit: 10).map(\.id) == [bobs.id])
            }

            var paidNow = created
            paidNow.state = .paid
            paidNow.updatedAt = StoreFixtures.at(60)
            paidNow.environment = .sandbox
            paidNow.transactionId = "2000000999"
            paidNow.failureCode = "none"
            try await store.write { try await $0.updateOrder(paidNow) }
            #expect(try await store.read { try await $0.order(id: created.id) } == paidNow)
            #expect(
                try await store.read { try await $0.staleOrders(updatedBefore: StoreFixtures.at(100), limit: 10) }.map(\.id) == [
                    bobs.id, pending.id,
                ])

            // The appAccountToken is unique; the failed write keeps nothing.
            var clash = order(bob, at: 70)
            clash.appAccountToken = paid.appAccountToken
            let extra = order(bob, at: 71)
            await #expect(throws: (any Error).self) {
                try await store.write { tx throws in
                    try await tx.insertOrder(extra)
                    try await tx.insertOrder(clash)
                }
            }
            #expect(try await store.read { try await $0.order(id: extra.id) } == nil)
            await #expect(throws: (any Error).self) {
                try await store.write { try await $0.updateOrder(order(bob, at: 80)) }
            }
        },
    ]
}

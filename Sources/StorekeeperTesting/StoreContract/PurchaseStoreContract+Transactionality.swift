import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let transactionalityCases: [StoreContractCase] = [
        StoreContractCase("writes: a throwing write leaves nothing; its own writes were visible inside") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let order = Order(customerId: alice, productId: "coins.100", createdAt: StoreFixtures.t0, expiresAt: StoreFixtures.at(1))
            let fact = StoreFixtures.transaction("t1")
            let credit = try StoreFixtures.credit(alice, 50, key: "credit:Production:t1:gems")
            let message = StoreFixtures.outbox(1, customer: alice)
            await #expect(throws: StoreContractAbort.self) {
                try await store.write { tx throws in
                    try await tx.ensureCustomer(StoreFixtures.customer("alice"))
                    try await tx.insertOrder(order)
                    #expect(try await tx.upsertTransaction(fact, customerId: alice, orderId: order.id) == .inserted)
                    try await tx.setOwner(environment: .production, originalTransactionId: "t1", customerId: alice)
                    #expect(try await tx.post(credit, requireNonNegative: true) == .posted(balance: 50))
                    try await tx.saveSubscription(StoreFixtures.subscription("t1", customer: alice, expiresAt: 10))
                    try await tx.replaceGrants(
                        customerId: alice,
                        grants: [
                            EntitlementGrant(
                                customerId: alice, entitlement: "pro", productId: "p",
                                source: GrantSource(environment: .production, originalTransactionId: "t1", transactionId: "t1"),
                                startsAt: StoreFixtures.t0, expiresAt: nil)
                        ])
                    try await tx.append(
                        AuditEvent(customerId: alice, kind: "purchase.recorded", actor: .client, createdAt: StoreFixtures.t0))
                    #expect(
                        try await tx.insertInbox(
                            InboxNotification(id: "n1", appId: "app", version: 2, body: Data(), receivedAt: StoreFixtures.t0)))
                    try await tx.enqueueOutbox(message)
                    try await tx.setWatermark("w", value: "v")
                    #expect(try await tx.acquireLease("l", owner: "me", until: StoreFixtures.at(10), now: StoreFixtures.t0))
                    try await tx.insertAPIKey(APIKeyRecord(name: "k", hash: "h", scopes: [], createdAt: StoreFixtures.t0))
                    // Reads inside the write see its writes.
                    #expect(try await tx.customer(alice) != nil)
                    #expect(try await tx.balance(.customer(alice, "gems")) == 50)
                    throw StoreContractAbort()
                }
            }
            try await store.read { tx throws in
                #expect(try await tx.customer(alice) == nil)
                #expect(try await tx.order(id: order.id) == nil)
                #expect(try await tx.transaction(environment: .production, transactionId: "t1") == nil)
                #expect(try await tx.owner(environment: .production, originalTransactionId: "t1") == nil)
                #expect(try await tx.journalEntry(key: credit.key) == nil)
                #expect(try await tx.balances(customerId: alice).isEmpty)
                #expect(try await tx.balance(.issued("gems")) == 0)
                #expect(try await tx.subscription(environment: .production, originalTransactionId: "t1") == nil)
                #expect(try await tx.grants(customerId: alice).isEmpty)
                #expect(try await tx.auditEvents(customerId: alice, limit: 10).isEmpty)
                #expect(try await tx.inboxNotification(id: "n1") == nil)
                #expect(try await tx.outboxMessage(id: message.id) == nil)
                #expect(try await tx.watermark("w") == nil)
                #expect(try await tx.apiKey(hash: "h") == nil)
            }
            // Nothing was reserved either: the same facts book normally now.
            #expect(try await store.write { try await $0.upsertTransaction(fact, customerId: alice, orderId: nil) } == .inserted)
            #expect(try await store.book(credit, requireNonNegative: true) == .posted(balance: 50))
            #expect(
                try await store.write { try await $0.acquireLease("l", owner: "other", until: StoreFixtures.at(10), now: StoreFixtures.t0) }
            )
        },
        StoreContractCase("writes: a handle used after its transaction ended is refused") { context throws in
            let escaped = try await context.store.write { tx in tx }
            await #expect(throws: (any Error).self) { try await escaped.setWatermark("late", value: "x") }
            #expect(try await context.store.read { try await $0.watermark("late") } == nil)
        },
    ]
}

import AppStoreModels
import Foundation
import Storekeeper
import Synchronization
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
        StoreContractCase("writes: a body that swallows a failed statement cannot commit; its later calls are refused") {
            context throws in
            let store = context.store
            let order = Order(
                customerId: StoreFixtures.customerID("alice"), productId: "coins.100", createdAt: StoreFixtures.t0,
                expiresAt: StoreFixtures.at(1))
            try await store.write { try await $0.insertOrder(order) }
            /// The codes the body saw: its clashing insert's, then its next call's.
            let seen = Mutex<[PurchaseStoreError.Code]>([])
            let aborted = await #expect(throws: PurchaseStoreError.self) {
                try await store.write { tx throws in
                    try await tx.setWatermark("w", value: "before")
                    for call in [{ try await tx.insertOrder(order) }, { try await tx.setWatermark("w", value: "after") }] {
                        do {
                            try await call()
                        } catch let error as PurchaseStoreError {
                            seen.withLock { $0.append(error.code) }
                        }
                    }
                }
            }
            #expect(seen.withLock { $0 } == [.uniqueViolation, .transactionAborted])
            #expect(aborted?.code == .transactionAborted)
            #expect(try await store.read { try await $0.watermark("w") } == nil)
        },
        StoreContractCase("writes: a write inside a write body of the same store is refused instead of deadlocking") { context throws in
            let store = context.store
            let nested = Mutex<PurchaseStoreError.Code?>(nil)
            // Without the refusal the inner write would wait for the outer one forever.
            let ended = await finishes(within: .seconds(60)) {
                _ = try? await store.write { tx throws in
                    try await tx.setWatermark("outer", value: "x")
                    do {
                        try await store.write { try await $0.setWatermark("inner", value: "x") }
                    } catch let error as PurchaseStoreError {
                        nested.withLock { $0 = error.code }
                    }
                }
            }
            #expect(ended, "the nested write waited for the write it is in")
            #expect(nested.withLock { $0 } == .nestedTransaction)
            try await store.read { tx throws in
                #expect(try await tx.watermark("outer") == "x")
                #expect(try await tx.watermark("inner") == nil)
            }
        },
    ]
}

import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let transactionCases: [StoreContractCase] = [
        StoreContractCase("transactions: every field round-trips; a replay is a no-op") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let orderId = UUID.random()
            let fact = StoreFixtures.fullTransaction()
            #expect(try await store.write { try await $0.upsertTransaction(fact, customerId: alice, orderId: orderId) } == .inserted)
            #expect(try await store.write { try await $0.upsertTransaction(fact, customerId: alice, orderId: orderId) } == .unchanged)

            let stored = try #require(
                try await store.read { try await $0.transaction(environment: .sandbox, transactionId: fact.transactionId) })
            #expect(stored.transaction == fact)
            #expect(stored.customerId == alice)
            #expect(stored.orderId == orderId)
            try await store.read { tx throws in
                #expect(try await tx.transactions(environment: .sandbox, originalTransactionId: fact.originalTransactionId).count == 1)
                #expect(try await tx.transactions(customerId: alice, limit: 10) == [stored])
                // The view's history: what the view shows of the same row, order id included.
                #expect(try await tx.purchaseHistory(customerId: alice, limit: 10) == [Self.viewed(stored)])
                #expect(try await tx.transaction(environment: .production, transactionId: fact.transactionId) == nil)
            }
        },
        StoreContractCase("transactions: the later signedDate wins when it arrives second") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let older = StoreFixtures.transaction("t1", signedAt: 100)
            var newer = older
            newer.signedDate = StoreFixtures.at(200)
            newer.revocationDate = StoreFixtures.at(150)
            newer.revocationReason = .appIssue
            newer.source = .notification
            newer.purchaseDate = StoreFixtures.at(7)  // a corrected fact may move any field
            #expect(try await store.write { try await $0.upsertTransaction(older, customerId: alice, orderId: nil) } == .inserted)
            #expect(
                try await store.write { try await $0.upsertTransaction(newer, customerId: alice, orderId: nil) }
                    == .updated(previous: older))
            #expect(try await store.read { try await $0.transaction(environment: .production, transactionId: "t1") }?.transaction == newer)
            #expect(try await store.read { try await $0.transactions(customerId: alice, limit: 5) }.map(\.transaction) == [newer])
        },
        StoreContractCase("transactions: an older fact or the same fact arriving second changes nothing") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let older = StoreFixtures.transaction("t1", signedAt: 100)
            var newer = older
            newer.signedDate = StoreFixtures.at(200)
            newer.revocationDate = StoreFixtures.at(150)
            #expect(try await store.write { try await $0.upsertTransaction(newer, customerId: alice, orderId: nil) } == .inserted)
            #expect(try await store.write { try await $0.upsertTransaction(older, customerId: alice, orderId: nil) } == .unchanged)
            #expect(try await store.write { try await $0.upsertTransaction(newer, customerId: alice, orderId: nil) } == .unchanged)
            #expect(try await store.read { try await $0.transaction(environment: .production, transactionId: "t1") }?.transaction == newer)
        },
        StoreContractCase("transactions: two facts signed at the same instant end in the same record in either order") {
            context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            var revoked = StoreFixtures.transaction("t1", signedAt: 200)
            revoked.revocationDate = StoreFixtures.at(150)
            var tie = revoked
            tie.revocationDate = nil
            tie.source = .serverAPI
            let winner = tie.supersedes(revoked) ? tie : revoked
            #expect(revoked.supersedes(tie) != tie.supersedes(revoked), "exactly one of two different records wins")
            var tie2 = tie
            tie2.transactionId = "t2"
            var revoked2 = revoked
            revoked2.transactionId = "t2"
            try await store.write { tx throws in
                _ = try await tx.upsertTransaction(revoked, customerId: alice, orderId: nil)
                _ = try await tx.upsertTransaction(tie, customerId: alice, orderId: nil)
                _ = try await tx.upsertTransaction(tie2, customerId: alice, orderId: nil)
                _ = try await tx.upsertTransaction(revoked2, customerId: alice, orderId: nil)
            }
            let first = try await store.read { try await $0.transaction(environment: .production, transactionId: "t1") }
            let second = try await store.read { try await $0.transaction(environment: .production, transactionId: "t2") }
            #expect(first?.transaction == winner)
            #expect(second?.transaction.revocationDate == winner.revocationDate)
            #expect(second?.transaction.source == winner.source)
        },
        StoreContractCase("transactions: a newer fact keeps the owner and the order link") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let orderId = UUID.random()
            let first = StoreFixtures.transaction("t1", signedAt: 1)
            var second = first
            second.signedDate = StoreFixtures.at(2)
            try await store.write { _ = try await $0.upsertTransaction(first, customerId: alice, orderId: orderId) }
            // A notification about it knows no order; the link stays.
            #expect(
                try await store.write { try await $0.upsertTransaction(second, customerId: alice, orderId: nil) }
                    == .updated(previous: first))
            let stored = try await store.read { try await $0.transaction(environment: .production, transactionId: "t1") }
            #expect(stored?.orderId == orderId)
            #expect(stored?.customerId == alice)
        },
        StoreContractCase("transactions: linkOrder links a transaction that paid no order, once") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let first = UUID.random()
            let second = UUID.random()
            let fact = StoreFixtures.transaction("t1", signedAt: 1)
            // Recorded from a notification, before any order was known.
            try await store.write { _ = try await $0.upsertTransaction(fact, customerId: alice, orderId: nil) }
            #expect(try await store.write { try await $0.linkOrder(first, environment: .production, transactionId: "t1") })
            #expect(try await store.write { try await $0.linkOrder(second, environment: .production, transactionId: "t1") } == false)
            #expect(try await store.write { try await $0.linkOrder(first, environment: .sandbox, transactionId: "t1") } == false)
            #expect(try await store.write { try await $0.linkOrder(first, environment: .production, transactionId: "nope") } == false)
            let stored = try await store.read { try await $0.transaction(environment: .production, transactionId: "t1") }
            #expect(stored?.orderId == first)
            #expect(stored?.customerId == alice)
        },
        StoreContractCase("transactions: customer, original, period and one-time queries") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            let coins = StoreFixtures.transaction("c1", purchasedAt: 10)
            let lifetime = StoreFixtures.transaction("n1", product: "lifetime", type: .nonConsumable, purchasedAt: 20)
            let season = StoreFixtures.transaction("s1", product: "season", type: .nonRenewingSubscription, purchasedAt: 30)
            let legacyOneTime = StoreFixtures.transaction("l1", product: "lifetime", type: nil, purchasedAt: 40)
            let legacyRenewal = StoreFixtures.transaction(
                "l2", original: "l0", product: "pro.monthly", type: nil, purchasedAt: 45, webOrder: "w9", expiresAt: 100)
            let renewal1 = StoreFixtures.transaction(
                "r1", original: "r1", product: "pro.monthly", type: .autoRenewableSubscription, purchasedAt: 50, webOrder: "w1",
                expiresAt: 60)
            let renewal2 = StoreFixtures.transaction(
                "r2", original: "r1", product: "pro.monthly", type: .autoRenewableSubscription, purchasedAt: 60, webOrder: "w2",
                expiresAt: 70)
            // A restore re-issues the transaction ID of period w2.
            let restored = StoreFixtures.transaction(
                "r3", original: "r1", product: "pro.monthly", type: .autoRenewableSubscription, purchasedAt: 61, webOrder: "w2",
                expiresAt: 70)
            let sandboxTwin = StoreFixtures.transaction("c1", environment: .sandbox, purchasedAt: 70)
            let bobs = StoreFixtures.transaction("b1", purchasedAt: 80)
            try await store.write { tx throws in
                for fact in [coins, lifetime, season, legacyOneTime, legacyRenewal, renewal1, renewal2, restored, sandboxTwin] {
                    #expect(try await tx.upsertTransaction(fact, customerId: alice, orderId: nil) == .inserted)
                }
                #expect(try await tx.upsertTransaction(bobs, customerId: bob, orderId: nil) == .inserted)
            }
            try await store.read { tx throws in
                let recent = try await tx.transactions(customerId: alice, limit: 3).map(\.transaction)
                #expect(recent == [sandboxTwin, restored, renewal2])
                #expect(try await tx.transactions(customerId: alice, limit: 100).count == 9)
                #expect(try await tx.transactions(customerId: alice, limit: 0).isEmpty)
                for limit in [0, 3, 100] {
                    let history = try await tx.purchaseHistory(customerId: alice, limit: limit)
                    let stored = try await tx.transactions(customerId: alice, limit: limit)
                    #expect(history == stored.map(Self.viewed))
                }
                #expect(
                    try await tx.transactions(environment: .production, originalTransactionId: "r1").map(\.transaction) == [
                        renewal1, renewal2, restored,
                    ])
                #expect(
                    try await tx.transactions(environment: .production, webOrderLineItemId: "w2").map(\.transaction) == [
                        renewal2, restored,
                    ])
                #expect(try await tx.transactions(environment: .sandbox, webOrderLineItemId: "w2").isEmpty)
                let oneTime = try await tx.oneTimePurchases(customerId: alice).map(\.transaction)
                #expect(Set(oneTime) == [coins, lifetime, season, legacyOneTime, sandboxTwin])
                #expect(try await tx.transaction(environment: .sandbox, transactionId: "c1")?.transaction == sandboxTwin)
                #expect(try await tx.transactions(customerId: bob, limit: 10).map(\.transaction) == [bobs])
            }
        },
        StoreContractCase("transactions: ownership is set, moved, and transactions reassigned") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            let renewal1 = StoreFixtures.transaction("r1", original: "r1", type: .autoRenewableSubscription, purchasedAt: 1, webOrder: "w1")
            let renewal2 = StoreFixtures.transaction("r2", original: "r1", type: .autoRenewableSubscription, purchasedAt: 2, webOrder: "w2")
            let other = StoreFixtures.transaction("x1", purchasedAt: 3)
            try await store.write { tx throws in
                #expect(try await tx.owner(environment: .production, originalTransactionId: "r1") == nil)
                try await tx.setOwner(environment: .production, originalTransactionId: "r1", customerId: alice)
                for fact in [renewal1, renewal2, other] { _ = try await tx.upsertTransaction(fact, customerId: alice, orderId: nil) }
            }
            #expect(try await store.read { try await $0.owner(environment: .production, originalTransactionId: "r1") } == alice)
            #expect(try await store.read { try await $0.owner(environment: .sandbox, originalTransactionId: "r1") } == nil)

            try await store.write { tx throws in
                try await tx.setOwner(environment: .production, originalTransactionId: "r1", customerId: bob)
                try await tx.reassignTransactions(environment: .production, originalTransactionId: "r1", to: bob)
            }
            try await store.read { tx throws in
                #expect(try await tx.owner(environment: .production, originalTransactionId: "r1") == bob)
                #expect(try await tx.transactions(customerId: bob, limit: 10).map(\.transaction.transactionId) == ["r2", "r1"])
                #expect(try await tx.transactions(customerId: alice, limit: 10).map(\.transaction.transactionId) == ["x1"])
                #expect(
                    try await tx.transactions(environment: .production, originalTransactionId: "r1").allSatisfy { $0.customerId == bob })
            }
        },
        StoreContractCase("owners: a claim sets an owner only where there is none and returns the owner") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            func claim(
                _ customer: CustomerID, _ original: String, _ environment: AppStoreEnvironment = .production
            ) async throws
                -> CustomerID
            {
                try await store.write {
                    try await $0.claimOwner(environment: environment, originalTransactionId: original, customerId: customer)
                }
            }
            #expect(try await claim(alice, "o1") == alice)
            #expect(try await claim(bob, "o1") == alice)  // the first claim stands
            #expect(try await claim(alice, "o1") == alice)  // a replay changes nothing
            #expect(try await claim(bob, "o1", .sandbox) == bob)  // environments are separate purchases
            try await store.write { try await $0.setOwner(environment: .production, originalTransactionId: "o1", customerId: bob) }
            #expect(try await claim(alice, "o1") == bob)  // a transfer moved it; claims do not move it back
            try await store.read { tx throws in
                #expect(try await tx.owner(environment: .production, originalTransactionId: "o1") == bob)
                #expect(try await tx.owner(environment: .sandbox, originalTransactionId: "o1") == bob)
            }
            // Claimed inside a larger transaction, the owner is visible to its later statements.
            try await store.write { tx throws in
                #expect(try await tx.claimOwner(environment: .production, originalTransactionId: "o2", customerId: alice) == alice)
                #expect(try await tx.owner(environment: .production, originalTransactionId: "o2") == alice)
                #expect(try await tx.claimOwner(environment: .production, originalTransactionId: "o2", customerId: bob) == alice)
            }
        },
        StoreContractCase("owners: the owner and the customer of the order a token names, read together") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            let order = Order(
                customerId: bob, productId: "coins.100", createdAt: StoreFixtures.at(1), expiresAt: StoreFixtures.at(3_600_000))
            try await store.write { tx throws in
                try await tx.insertOrder(order)
                try await tx.setOwner(environment: .production, originalTransactionId: "owned", customerId: alice)
            }
            try await store.read { tx throws in
                func candidates(_ original: String, _ token: UUID?) async throws -> OwnerCandidates {
                    try await tx.ownerCandidates(environment: .production, originalTransactionId: original, appAccountToken: token)
                }
                #expect(try await candidates("owned", order.appAccountToken) == OwnerCandidates(owner: alice, orderCustomer: bob))
                #expect(try await candidates("owned", nil) == OwnerCandidates(owner: alice, orderCustomer: nil))
                #expect(try await candidates("new", order.appAccountToken) == OwnerCandidates(owner: nil, orderCustomer: bob))
                #expect(try await candidates("new", UUID.random()) == OwnerCandidates(owner: nil, orderCustomer: nil))
                #expect(
                    try await tx.ownerCandidates(environment: .sandbox, originalTransactionId: "owned", appAccountToken: nil)
                        == OwnerCandidates(owner: nil, orderCustomer: nil))
            }
            // Right after a notification's inbox entry that names the purchase (which a store may
            // read them with): the same answers, for the purchase and token it names and others.
            func arrived(
                _ id: String, status: InboxNotification.Status = .processed, about key: OwnerCandidatesKey?
            )
                -> InboxNotification
            {
                InboxNotification(
                    id: id, appId: "app", version: 2, body: Data(id.utf8), receivedAt: StoreFixtures.at(9), status: status,
                    attempts: 1, processedAt: status == .processed ? StoreFixtures.at(9) : nil, purchase: key)
            }
            let owned = OwnerCandidatesKey(
                purchase: PurchaseKey(environment: .production, originalTransactionId: "owned"), appAccountToken: order.appAccountToken)
            let new = OwnerCandidatesKey(
                purchase: PurchaseKey(environment: .production, originalTransactionId: "new"), appAccountToken: nil)
            try await store.write { tx throws in
                func candidates(_ key: OwnerCandidatesKey) async throws -> OwnerCandidates {
                    try await tx.ownerCandidates(
                        environment: key.purchase.environment, originalTransactionId: key.purchase.originalTransactionId,
                        appAccountToken: key.appAccountToken)
                }
                #expect(try await tx.insertInbox(arrived("n-1", about: owned)))
                #expect(try await tx.owner(environment: .production, originalTransactionId: "owned") == alice)
                #expect(try await candidates(owned) == OwnerCandidates(owner: alice, orderCustomer: bob))
                #expect(try await candidates(new) == OwnerCandidates(owner: nil, orderCustomer: nil))
                #expect(try await tx.insertInbox(arrived("n-1", about: owned)) == false)
                #expect(try await candidates(owned) == OwnerCandidates(owner: alice, orderCustomer: bob))
                #expect(try await tx.insertInbox(arrived("n-2", status: .received, about: new)))
                #expect(try await tx.owner(environment: .production, originalTransactionId: "new") == nil)
                #expect(try await candidates(new) == OwnerCandidates(owner: nil, orderCustomer: nil))
                #expect(try await tx.insertInbox(arrived("n-3", about: nil)))
                #expect(try await candidates(owned) == OwnerCandidates(owner: alice, orderCustomer: bob))
                // What the transaction writes after the insert is what later reads answer.
                #expect(try await tx.insertInbox(arrived("n-4", about: new)))
                try await tx.setOwner(environment: .production, originalTransactionId: "new", customerId: bob)
                #expect(try await tx.owner(environment: .production, originalTransactionId: "new") == bob)
                #expect(try await candidates(new) == OwnerCandidates(owner: bob, orderCustomer: nil))
            }
            try await store.read { tx throws in
                #expect(try await tx.inboxAttempts(id: "n-1").map(\.number) == [1])
                #expect(try await tx.inboxNotification(id: "n-2")?.status == .received)
            }
        },
    ]
}

extension PurchaseStoreContract {
    /// What a customer view shows of a stored transaction.
    static func viewed(_ stored: StoredTransaction) -> CustomerView.Purchase {
        let transaction = stored.transaction
        return CustomerView.Purchase(
            transactionId: transaction.transactionId, originalTransactionId: transaction.originalTransactionId,
            environment: transaction.environment, productId: transaction.productId, quantity: transaction.quantity,
            purchaseDate: transaction.purchaseDate, expiresDate: transaction.expiresDate,
            revocationDate: transaction.revocationDate, revocationReason: transaction.revocationReason,
            isUpgraded: transaction.isUpgraded, price: transaction.price, currency: transaction.currency,
            orderId: stored.orderId)
    }
}

extension PurchaseStoreContract {
    /// Whether `error` says the state changed since it was read, as every store says it.
    static func saysChangedSinceRead(_ error: any Error) -> Bool {
        (error as? PurchaseStoreError)?.code == .changedSinceRead
    }

    static let expectedWriteCases: [StoreContractCase] = [
        StoreContractCase("owners and transactions: writes that expect their answer fail when the state moved") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            let first = StoreFixtures.transaction("t1", original: "o1")
            try await store.write { tx throws in
                for customer in [alice, bob] { try await tx.ensureCustomer(Customer(id: customer, createdAt: StoreFixtures.t0)) }
                try await tx.claimOwner(environment: .production, originalTransactionId: "o1", customerId: alice, expecting: alice)
                try await tx.insertTransaction(first, customerId: alice, orderId: nil)
                // As expected again: the owner found is the one expected.
                try await tx.claimOwner(environment: .production, originalTransactionId: "o1", customerId: alice, expecting: alice)
                try await tx.claimOwner(environment: .production, originalTransactionId: "o1", customerId: bob, expecting: alice)
            }
            try await store.read { tx throws in
                #expect(try await tx.owner(environment: .production, originalTransactionId: "o1") == alice)
                #expect(try await tx.transaction(environment: .production, transactionId: "t1")?.customerId == alice)
            }
            // Bob expected to be the first owner; alice is.
            do {
                try await store.write { tx throws in
                    try await tx.claimOwner(environment: .production, originalTransactionId: "o1", customerId: bob, expecting: bob)
                    _ = try await tx.owner(environment: .sandbox, originalTransactionId: "o9")
                }
                Issue.record("a claim expecting another owner succeeded")
            } catch {
                #expect(Self.saysChangedSinceRead(error), "\(error)")
            }
            // A transaction expected to be new is recorded already.
            do {
                try await store.write { tx throws in try await tx.insertTransaction(first, customerId: bob, orderId: nil) }
                Issue.record("a transaction expected to be new was recorded again")
            } catch {
                #expect(Self.saysChangedSinceRead(error), "\(error)")
            }
            try await store.read { tx throws in
                #expect(try await tx.owner(environment: .production, originalTransactionId: "o1") == alice)
                #expect(try await tx.transaction(environment: .production, transactionId: "t1")?.customerId == alice)
            }
        }
    ]
}

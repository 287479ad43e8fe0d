import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let searchCases: [StoreContractCase] = [
        StoreContractCase("search: each kind of identifier leads to its customer; an alias to its account") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            let guest = StoreFixtures.customerID("guest:ipad-1")
            let order = Order(
                customerId: alice, productId: "coins.100", createdAt: StoreFixtures.at(0), expiresAt: StoreFixtures.at(60_000))
            let tokenOrder = Order(
                customerId: bob, productId: "pro.monthly", appAccountToken: UUID.random(), createdAt: StoreFixtures.at(1),
                expiresAt: StoreFixtures.at(60_000))
            try await store.write { tx throws in
                try await tx.ensureCustomer(StoreFixtures.customer("alice"))
                try await tx.ensureCustomer(StoreFixtures.customer("bob"))
                try await tx.ensureCustomer(Customer(id: guest, createdAt: StoreFixtures.at(0), mergedInto: alice))
                try await tx.insertOrder(order)
                try await tx.insertOrder(tokenOrder)
                _ = try await tx.upsertTransaction(StoreFixtures.transaction("300001"), customerId: alice, orderId: order.id)
                try await tx.setOwner(environment: .production, originalTransactionId: "300001", customerId: alice)
                // A renewal of bob's subscription: its own ID, the original's, a paid period's.
                let renewal = StoreFixtures.transaction(
                    "300003", original: "300002", product: "pro.monthly", type: .autoRenewableSubscription, webOrder: "700001")
                _ = try await tx.upsertTransaction(renewal, customerId: bob, orderId: nil)
                try await tx.setOwner(environment: .production, originalTransactionId: "300002", customerId: bob)
                // The same ID in the sandbox belongs to someone else.
                _ = try await tx.upsertTransaction(
                    StoreFixtures.transaction("300001", environment: .sandbox), customerId: bob, orderId: nil)
            }
            let production: [AppStoreEnvironment] = [.production]
            func search(_ text: String, _ environments: [AppStoreEnvironment] = production) async throws -> [SearchMatch] {
                guard let query = SearchQuery(text, in: .preIsolation) else {
                    Issue.record("\(text) is no search query")
                    return []
                }
                return try await store.read { try await $0.searchMatches(query, environments: environments, limit: 10) }
            }

            #expect(try await search("alice") == [SearchMatch(kind: .customer, customerId: alice, matched: "alice")])
            #expect(try await search("guest:ipad-1") == [SearchMatch(kind: .alias, customerId: alice, matched: "guest:ipad-1")])
            #expect(try await search("nobody").isEmpty)
            let orderText = order.id.lowercasedString
            #expect(
                try await search(order.id.uuidString) == [
                    SearchMatch(kind: .order, customerId: alice, matched: orderText, productId: "coins.100")
                ])
            #expect(
                try await search(tokenOrder.appAccountToken.uuidString) == [
                    SearchMatch(
                        kind: .order, customerId: bob, matched: tokenOrder.id.lowercasedString, productId: "pro.monthly")
                ])
            #expect(
                try await search("300001") == [
                    SearchMatch(
                        kind: .transaction, customerId: alice, matched: "300001", environment: .production, productId: "coins.100"),
                    SearchMatch(
                        kind: .originalTransaction, customerId: alice, matched: "300001", environment: .production,
                        productId: "coins.100"),
                ])
            #expect(
                try await search("300001", [.production, .sandbox]).map(\.customerId) == [alice, bob, alice],
                "transaction in both environments, then the production purchase's owner")
            #expect(
                try await search("300002") == [
                    SearchMatch(
                        kind: .originalTransaction, customerId: bob, matched: "300002", environment: .production,
                        productId: "pro.monthly")
                ])
            #expect(
                try await search("700001") == [
                    SearchMatch(
                        kind: .webOrderLineItem, customerId: bob, matched: "700001", environment: .production,
                        productId: "pro.monthly")
                ])
            #expect(try await search("300003", []).isEmpty, "no environment, no transaction match")
            #expect(try await store.read { try await $0.aliases(of: alice, limit: 10) }.map(\.id) == [guest])
            #expect(try await store.read { try await $0.aliases(of: bob, limit: 10) }.isEmpty)
        },
        StoreContractCase("search: a guest merged twice leads to the last account; a negative limit is refused") { context throws in
            let store = context.store
            let account = StoreFixtures.customerID("account")
            let middle = StoreFixtures.customerID("middle")
            let guest = StoreFixtures.customerID("guest:phone")
            try await store.write { tx throws in
                try await tx.ensureCustomer(Customer(id: account, createdAt: StoreFixtures.at(0)))
                try await tx.ensureCustomer(Customer(id: middle, createdAt: StoreFixtures.at(0), mergedInto: account))
                try await tx.ensureCustomer(Customer(id: guest, createdAt: StoreFixtures.at(0), mergedInto: middle))
            }
            let query = try #require(SearchQuery("guest:phone", in: .preIsolation))
            #expect(
                try await store.read { try await $0.searchMatches(query, environments: [.production], limit: 5) } == [
                    SearchMatch(kind: .alias, customerId: account, matched: "guest:phone")
                ])
            let refused = await #expect(throws: PurchaseStoreError.self) {
                try await store.read { try await $0.searchMatches(query, environments: [.production], limit: -1) }
            }
            #expect(refused?.code == .invalidArgument)
        },
        StoreContractCase("customer history: orders and wallet entries page newest first without gaps or repeats") { context throws in
            let store = context.store
            let carol = StoreFixtures.customerID("carol")
            var orders: [Order] = []
            for index in 0..<5 {
                // Two orders share each instant: the ID breaks the tie.
                orders.append(
                    Order(
                        customerId: carol, productId: "coins.100", createdAt: StoreFixtures.at(Int64(index / 2)),
                        expiresAt: StoreFixtures.at(60_000)))
            }
            try await store.write { tx throws in
                for order in orders { try await tx.insertOrder(order) }
                for index in 0..<5 {
                    _ = try await tx.post(
                        try StoreFixtures.credit(carol, Int64(10 + index), key: "credit-\(index)"), requireNonNegative: false)
                }
                _ = try await tx.post(try StoreFixtures.spend(carol, 3, key: "spend-1"), requireNonNegative: true)
            }
            var seenOrders: [Order] = []
            var orderCursor: OrderPosition?
            repeat {
                let page = try await store.read { try await $0.orders(customerId: carol, before: orderCursor, limit: 2) }
                seenOrders += page
                orderCursor = page.count == 2 ? page.last.map { OrderPosition(createdAt: $0.createdAt, id: $0.id) } : nil
            } while orderCursor != nil
            let expectedOrders = orders.sorted {
                $0.createdAt != $1.createdAt
                    ? $0.createdAt > $1.createdAt
                    : $1.id.lowercasedString.utf8.lexicographicallyPrecedes($0.id.lowercasedString.utf8)
            }
            #expect(seenOrders.map(\.id) == expectedOrders.map(\.id))

            var seenEntries: [SequencedJournalEntry] = []
            var journalCursor: JournalPosition?
            repeat {
                let page = try await store.read { try await $0.journalPage(customerId: carol, before: journalCursor, limit: 4) }
                seenEntries += page
                journalCursor = page.count == 4 ? page.last?.position : nil
            } while journalCursor != nil
            let all = try await store.read { try await $0.journal(customerId: carol, limit: 100) }
            #expect(seenEntries.map(\.entry) == all)
            #expect(seenEntries.count == 6)
            #expect(Set(seenEntries.map(\.sequence)).count == 6)
        },
    ]
}

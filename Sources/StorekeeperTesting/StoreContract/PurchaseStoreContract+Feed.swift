import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore
import Testing

extension PurchaseStoreContract {
    static let feedCases: [StoreContractCase] = [
        StoreContractCase("feed: audit events, ledger postings and notifications once each, by stream, paged by cursor") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let shop = try #require(CustomerSpace("shop"))
            let bob = try #require(CustomerID("bob", in: shop))
            let recorded = AuditEvent(
                customerId: alice, kind: "purchase.recorded", actor: .apple, subject: "Production:t1", fact: "transaction:Production:t1",
                details: ["product": "coins.100"], createdAt: StoreFixtures.at(1))
            let granted = AuditEvent(customerId: bob, kind: "entitlement.granted", actor: .client, createdAt: StoreFixtures.at(2))
            let keyMade = AuditEvent(
                customerId: nil, kind: "apikey.created", actor: .operator("ops"), appId: "shop", reason: "rotation",
                createdAt: StoreFixtures.at(3))
            let credit = try StoreFixtures.credit(alice, 100, key: "credit-1")
            let notification = InboxNotification(
                id: "uuid-1", appId: "shop", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(4),
                notificationType: "DID_RENEW", environment: "Production")
            try await store.write { tx throws in
                try await tx.append(recorded)
                #expect(try await tx.post(credit, requireNonNegative: false) == .posted(balance: 100))
                try await tx.append(granted)
                try await tx.append(keyMade)
                #expect(try await tx.insertInbox(notification))
            }
            try await store.write { try await $0.markInboxProcessed(id: "uuid-1", at: StoreFixtures.at(5)) }
            // Replays of every source, and a write that fails, append nothing.
            try await store.write { tx throws in
                try await tx.append(recorded)
                #expect(try await tx.post(credit, requireNonNegative: false) == .duplicate)
                #expect(try await tx.insertInbox(notification) == false)
            }
            await #expect(throws: StoreContractAbort.self) {
                try await store.write { tx throws in
                    try await tx.append(AuditEvent(customerId: alice, kind: "never", actor: .client, createdAt: StoreFixtures.at(9)))
                    throw StoreContractAbort()
                }
            }
            let preIsolation = try await settled(store, streams: [""], count: 2)
            #expect(preIsolation.map(\.event.type) == ["purchase.recorded", "ledger.posted"])
            #expect(preIsolation.first?.event == FeedAppend(recorded).event)
            let posted = try #require(preIsolation.last?.event)
            #expect(posted.id == "journal:credit-1" && posted.customerId == "alice" && posted.details["kind"] == "credit")
            #expect(
                posted.postings == [
                    .init(account: "customer", customerId: "alice", amount: 100), .init(account: "issued", customerId: nil, amount: -100),
                ])
            let shopFeed = try await settled(store, streams: ["shop"], count: 4)
            #expect(
                shopFeed.map(\.event.type) == ["entitlement.granted", "apikey.created", "notification.received", "notification.processed"])
            #expect(shopFeed.first?.event.customerId == "bob")
            #expect(shopFeed[2].event.details["notificationType"] == "DID_RENEW")
            #expect(shopFeed[1].event.reason == "rotation")

            // Both streams merged in feed order; one at a time by cursor gives the same, no more.
            let all = try await store.read { try await $0.feedEvents(streams: ["", "shop"], after: .start, since: nil, limit: 100) }
            #expect(all.count == 6)
            #expect(all.map(\.cursor) == all.map(\.cursor).sorted() && Set(all.map(\.cursor)).count == 6)
            var cursor = FeedCursor.start
            var paged: [FeedRecord] = []
            while let next = try await store.read({ try await $0.feedEvents(streams: ["shop", ""], after: cursor, since: nil, limit: 1) })
                .first
            {
                paged.append(next)
                cursor = next.cursor
            }
            #expect(paged == all)
            #expect(FeedCursor(token: cursor.description) == cursor)
            let late = try await store.read {
                try await $0.feedEvents(streams: ["shop"], after: .start, since: StoreFixtures.at(4), limit: 100)
            }
            #expect(late.map(\.event.type) == ["notification.received", "notification.processed"])
            await #expect(throws: PurchaseStoreError.self) {
                try await store.read { try await $0.feedEvents(streams: [""], after: .start, since: nil, limit: -1) }
            }
        },
        StoreContractCase("feed: a reader following two instances' concurrent writers misses and repeats nothing") { context throws in
            let writers = 6
            let writesEach = 20
            let reader = Task { () throws -> [FeedRecord] in
                var collected: [FeedRecord] = []
                var cursor = FeedCursor.start
                var turn = 0
                while collected.count < writers * writesEach * 2 {
                    let store = turn.isMultiple(of: 2) ? context.store : context.otherInstance
                    turn += 1
                    let page = try await store.read { try await $0.feedEvents(streams: [""], after: cursor, since: nil, limit: 7) }
                    for record in page {
                        #expect(record.cursor > cursor, "cursor went backwards")
                        cursor = record.cursor
                    }
                    collected += page
                    if page.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
                }
                return collected
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    let store = writer.isMultiple(of: 2) ? context.store : context.otherInstance
                    group.addTask {
                        let customer = StoreFixtures.customerID("writer-\(writer)")
                        for index in 0..<writesEach {
                            try await store.write { tx throws in
                                _ = try await tx.post(
                                    try StoreFixtures.credit(customer, 1, key: "feed-\(writer)-\(index)"), requireNonNegative: false)
                                try await tx.append(
                                    AuditEvent(
                                        customerId: customer, kind: "wallet.credited", actor: .client, createdAt: StoreFixtures.at(1)))
                                // Sends the deferred writes, then holds the transaction open a
                                // few statements longer: a later-numbered event of another
                                // writer may commit first.
                                for _ in 0...Int.random(in: 0...4) { _ = try await tx.balance(.customer(customer, "gems")) }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let collected = try await reader.value
            #expect(collected.count == writers * writesEach * 2)
            #expect(Set(collected.map(\.event.id)).count == collected.count, "an event was read twice")
            let keys = Set(collected.filter { $0.event.type == "ledger.posted" }.compactMap(\.event.subject))
            let expected = Set((0..<writers).flatMap { writer in (0..<writesEach).map { "feed-\(writer)-\($0)" } })
            #expect(keys == expected)
            try await context.store.read { tx throws in
                for writer in 0..<writers {
                    #expect(try await tx.balance(.customer(StoreFixtures.customerID("writer-\(writer)"), "gems")) == Int64(writesEach))
                }
                let rest = try await tx.feedEvents(streams: [""], after: collected.last?.cursor ?? .start, since: nil, limit: 10)
                #expect(rest.isEmpty)
            }
        },
    ]

    /// The events of `streams` once `count` of them can be read. On PostgreSQL a committed event
    /// waits behind every transaction that began before it (other tests' on a shared database).
    static func settled(_ store: any PurchaseStore, streams: [String], count: Int) async throws -> [FeedRecord] {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let records = try await store.read { try await $0.feedEvents(streams: streams, after: .start, since: nil, limit: 100) }
            if records.count >= count || ContinuousClock.now >= deadline { return records }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

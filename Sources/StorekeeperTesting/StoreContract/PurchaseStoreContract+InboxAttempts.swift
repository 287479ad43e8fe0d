import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let inboxAttemptCases: [StoreContractCase] = [
        StoreContractCase("inbox attempts: every outcome recorded with its time and error, oldest first") { context throws in
            let store = context.store
            let pending = InboxNotification(id: "a-1", appId: "app", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(1))
            #expect(try await store.write { try await $0.insertInbox(pending) })
            // Stored waiting: no attempt yet.
            #expect(try await store.read { try await $0.inboxAttempts(id: "a-1") }.isEmpty)
            #expect(try await store.write { try await $0.markInboxFailed(id: "a-1", error: "database busy", at: StoreFixtures.at(2)) })
            #expect(try await store.write { try await $0.markInboxFailed(id: "a-1", error: "Apple answered 503", at: StoreFixtures.at(4)) })
            try await store.write { try await $0.markInboxProcessed(id: "a-1", at: StoreFixtures.at(8)) }
            // Late reports after the application record nothing.
            #expect(try await store.write { try await $0.markInboxFailed(id: "a-1", error: "late", at: StoreFixtures.at(9)) } == false)
            #expect(try await store.write { try await $0.markInboxRejected(id: "a-1", reason: "late", at: StoreFixtures.at(9)) } == false)
            #expect(
                try await store.read { try await $0.inboxAttempts(id: "a-1") } == [
                    InboxAttempt(number: 1, at: StoreFixtures.at(2), outcome: .failed, error: "database busy"),
                    InboxAttempt(number: 2, at: StoreFixtures.at(4), outcome: .failed, error: "Apple answered 503"),
                    InboxAttempt(number: 3, at: StoreFixtures.at(8), outcome: .processed, error: nil),
                ])
            #expect(try await store.read { try await $0.inboxNotification(id: "a-1") }?.attempts == 3)

            // Stored with an outcome: that is the first attempt.
            let applied = InboxNotification(
                id: "a-2", appId: "app", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(10), status: .processed,
                attempts: 1, processedAt: StoreFixtures.at(10))
            let refused = InboxNotification(
                id: "a-3", appId: "app", version: 0, body: Data("x".utf8), receivedAt: StoreFixtures.at(11), status: .rejected,
                attempts: 1, lastError: "not JSON")
            #expect(try await store.write { try await $0.insertInbox(applied) })
            #expect(try await store.write { try await $0.insertInbox(refused) })
            // A second copy of a stored entry is no attempt.
            #expect(try await store.write { try await $0.insertInbox(refused) } == false)
            #expect(
                try await store.read { try await $0.inboxAttempts(id: "a-2") } == [
                    InboxAttempt(number: 1, at: StoreFixtures.at(10), outcome: .processed, error: nil)
                ])
            #expect(
                try await store.read { try await $0.inboxAttempts(id: "a-3") } == [
                    InboxAttempt(number: 1, at: StoreFixtures.at(11), outcome: .rejected, error: "not JSON")
                ])

            // Rejected after a failure: counted, the reason kept as the last error.
            let failing = InboxNotification(id: "a-4", appId: "app", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(12))
            #expect(try await store.write { try await $0.insertInbox(failing) })
            #expect(try await store.write { try await $0.markInboxFailed(id: "a-4", error: "timeout", at: StoreFixtures.at(13)) })
            #expect(try await store.write { try await $0.markInboxRejected(id: "a-4", reason: "bad signature", at: StoreFixtures.at(14)) })
            let rejected = try #require(try await store.read { try await $0.inboxNotification(id: "a-4") })
            #expect(rejected.status == .rejected && rejected.attempts == 2 && rejected.lastError == "bad signature")
            #expect(try await store.read { try await $0.inboxAttempts(id: "a-4") }.map(\.outcome) == [.failed, .rejected])
            #expect(try await store.write { try await $0.markInboxRejected(id: "none", reason: "x", at: StoreFixtures.at(15)) } == false)
            #expect(try await store.read { try await $0.inboxAttempts(id: "none") }.isEmpty)
        },
        StoreContractCase("inbox attempts: written with the outcome, in its transaction") { context throws in
            let store = context.store
            let entry = InboxNotification(id: "t-1", appId: "app", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(1))
            #expect(try await store.write { try await $0.insertInbox(entry) })
            struct Abort: Error {}
            await #expect(throws: Abort.self) {
                try await store.write { tx in
                    try await tx.markInboxProcessed(id: "t-1", at: StoreFixtures.at(2))
                    throw Abort()
                }
            }
            #expect(try await store.read { try await $0.inboxAttempts(id: "t-1") }.isEmpty)
            #expect(try await store.read { try await $0.inboxStatus(id: "t-1") } == .received)
        },
        StoreContractCase("inbox attempts: the latest \(InboxAttempt.retained) of an entry are kept, numbered on") { context throws in
            let store = context.store
            let entry = InboxNotification(id: "k-1", appId: "app", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(1))
            #expect(try await store.write { try await $0.insertInbox(entry) })
            let total = InboxAttempt.retained + 7
            try await store.write { tx in
                for index in 1...total {
                    _ = try await tx.markInboxFailed(id: "k-1", error: "failure \(index)", at: StoreFixtures.at(Int64(index)))
                }
            }
            let kept = try await store.read { try await $0.inboxAttempts(id: "k-1") }
            #expect(kept.count == InboxAttempt.retained)
            #expect(kept.first?.number == 8 && kept.first?.error == "failure 8")
            #expect(kept.last?.number == total && kept.last?.at == StoreFixtures.at(Int64(total)))
            #expect(kept.map(\.number) == Array(8...total))
            #expect(try await store.read { try await $0.inboxNotification(id: "k-1") }?.attempts == total)
        },
        StoreContractCase("consumption refusals: once per notification and transaction, per app, newest first, paged") {
            context throws in
            let store = context.store
            func refusal(_ n: Int, app: String = "app", at offset: Int64, id: String) -> ConsumptionRefusal {
                ConsumptionRefusal(
                    appId: app, notification: "notification:n-\(n)", environment: .sandbox, transactionId: "tx-\(n)",
                    id: UUID(uuidString: id)!, customerId: StoreFixtures.customerID("c-\(n)"), requestedAt: StoreFixtures.at(offset - 1),
                    deadline: StoreFixtures.at(offset - 1 + 43_200_000), createdAt: StoreFixtures.at(offset),
                    reason: ConsumptionRefusal.noConsent)
            }
            let first = refusal(1, at: 10, id: "00000000-0000-0000-0000-00000000000a")
            let second = refusal(2, at: 20, id: "00000000-0000-0000-0000-00000000000b")
            // Same instant as `second`: the greater id comes first.
            let third = refusal(3, at: 20, id: "00000000-0000-0000-0000-00000000000c")
            let elsewhere = refusal(4, app: "other", at: 30, id: "00000000-0000-0000-0000-00000000000d")
            // A replay of the notification records nothing new.
            var again = first
            again.id = UUID.random()
            again.createdAt = StoreFixtures.at(99)
            let recorded = try await store.write { tx -> [Bool] in
                var recorded: [Bool] = []
                for item in [first, second, third, elsewhere, again] { recorded.append(try await tx.recordConsumptionRefusal(item)) }
                return recorded
            }
            #expect(recorded == [true, true, true, true, false])
            #expect(
                try await store.read { try await $0.consumptionRefusals(appId: "app", before: nil, limit: 10) } == [third, second, first])
            let page = try await store.read { try await $0.consumptionRefusals(appId: "app", before: nil, limit: 2) }
            #expect(page == [third, second])
            let cursor = OutboxCursor(createdAt: second.createdAt, id: second.id)
            #expect(try await store.read { try await $0.consumptionRefusals(appId: "app", before: cursor, limit: 2) } == [first])
            #expect(try await store.read { try await $0.consumptionRefusals(appId: "other", before: nil, limit: 5) } == [elsewhere])
        },
    ]
}

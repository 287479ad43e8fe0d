import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let inboxCases: [StoreContractCase] = [
        StoreContractCase("inbox: deduplicated by id; updates; pending oldest first; counts") { context throws in
            let store = context.store
            let body = Data((0...255).map(UInt8.init))
            let first = InboxNotification(id: "uuid-1", appId: "app", version: 2, body: body, receivedAt: StoreFixtures.at(2))
            let second = InboxNotification(id: "uuid-2", appId: "app", version: 1, body: Data("{}".utf8), receivedAt: StoreFixtures.at(1))
            let third = InboxNotification(id: "uuid-3", appId: "app", version: 2, body: Data("x".utf8), receivedAt: StoreFixtures.at(3))
            #expect(try await store.write { try await $0.insertInbox(first) })
            #expect(try await store.write { try await $0.insertInbox(second) })
            #expect(try await store.write { try await $0.insertInbox(third) })
            // Apple retries: same id, another copy of the body.
            var retry = first
            retry.body = Data("other".utf8)
            retry.receivedAt = StoreFixtures.at(50)
            #expect(try await store.write { try await $0.insertInbox(retry) } == false)
            #expect(try await store.read { try await $0.inboxNotification(id: "uuid-1") } == first)

            var processed = first
            processed.status = .processed
            processed.attempts = 1
            processed.notificationType = "DID_RENEW"
            processed.subtype = "BILLING_RECOVERY"
            processed.signedDate = StoreFixtures.at(1)
            processed.processedAt = StoreFixtures.at(4)
            var failed = third
            failed.status = .failed
            failed.attempts = 2
            failed.lastError = "transient"
            try await store.write { tx throws in
                try await tx.updateInbox(processed)
                try await tx.updateInbox(failed)
            }
            try await store.read { tx throws in
                #expect(try await tx.inboxNotification(id: "uuid-1") == processed)
                #expect(try await tx.inboxNotification(id: "nope") == nil)
                #expect(
                    try await tx.dueInbox(at: StoreFixtures.at(10), minimumAgeMilliseconds: 0, appIds: ["app"], limit: 10).map(\.id) == [
                        "uuid-2", "uuid-3",
                    ])
                #expect(
                    try await tx.dueInbox(at: StoreFixtures.at(10), minimumAgeMilliseconds: 0, appIds: ["app"], limit: 1).map(\.id) == [
                        "uuid-2"
                    ])
                // uuid-2 (no attempt yet) waits 2 ms after arriving at 1; uuid-3 (two failed) 2 << 2 after 3.
                #expect(try await tx.dueInbox(at: StoreFixtures.at(2), minimumAgeMilliseconds: 2, appIds: ["app"], limit: 10).isEmpty)
                #expect(
                    try await tx.dueInbox(at: StoreFixtures.at(10), minimumAgeMilliseconds: 2, appIds: ["app"], limit: 10).map(\.id) == [
                        "uuid-2"
                    ])
                #expect(
                    try await tx.dueInbox(at: StoreFixtures.at(11), minimumAgeMilliseconds: 2, appIds: ["app"], limit: 10).map(\.id) == [
                        "uuid-2", "uuid-3",
                    ])
                #expect(try await tx.inboxCount(status: .received) == 1)
                #expect(try await tx.inboxCount(status: .processed) == 1)
                #expect(try await tx.inboxCount(status: .failed) == 1)
                #expect(try await tx.inboxCount(status: .rejected) == 0)
            }
            await #expect(throws: (any Error).self) {
                try await store.write { tx throws in
                    try await tx.updateInbox(
                        InboxNotification(id: "never", appId: "app", version: 2, body: Data(), receivedAt: StoreFixtures.t0))
                }
            }
        },
        StoreContractCase("inbox: entries that keep failing, or of apps not served, never hide due ones") { context throws in
            let store = context.store
            for index in 1...5 {
                var failing = InboxNotification(
                    id: "failing-\(index)", appId: "app", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(Int64(index)))
                failing.status = .failed
                failing.attempts = index == 5 ? 40 : 12  // the wait stops doubling after 12 attempts
                #expect(try await store.write { try await $0.insertInbox(failing) })
            }
            let fresh = InboxNotification(id: "fresh", appId: "app", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(100))
            #expect(try await store.write { try await $0.insertInbox(fresh) })
            // Entries of an app this instance does not serve (removed from its configuration).
            for index in 1...5 {
                let other = InboxNotification(
                    id: "removed-\(index)", appId: "removed", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(Int64(index)))
                #expect(try await store.write { try await $0.insertInbox(other) })
            }
            try await store.read { tx throws in
                func due(_ now: Int64) async throws -> [String] {
                    try await tx.dueInbox(at: StoreFixtures.at(now), minimumAgeMilliseconds: 10, appIds: ["app"], limit: 3).map(\.id)
                }
                // Five older entries are still waiting (10 << 12 ms); the batch is not spent on them.
                #expect(try await due(109) == [])
                #expect(try await due(110) == ["fresh"])
                #expect(try await due(40_961) == ["failing-1", "fresh"])
                #expect(try await due(40_965) == ["failing-1", "failing-2", "failing-3"])
                #expect(
                    try await tx.dueInbox(at: StoreFixtures.at(110), minimumAgeMilliseconds: 10, appIds: ["removed", "removed"], limit: 10)
                        .map(\.id)
                        == (1...5).map { "removed-\($0)" })
                #expect(try await tx.dueInbox(at: StoreFixtures.at(110), minimumAgeMilliseconds: 10, appIds: [], limit: 10).isEmpty)
                await #expect(throws: (any Error).self) {
                    try await tx.dueInbox(at: StoreFixtures.at(0), minimumAgeMilliseconds: -1, appIds: ["app"], limit: 3)
                }
            }
        },
        StoreContractCase("inbox: status without the body; failed attempts counted; processed is final") { context throws in
            let store = context.store
            let entry = InboxNotification(id: "uuid-m", appId: "app", version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(1))
            #expect(try await store.write { try await $0.insertInbox(entry) })
            #expect(try await store.read { try await $0.inboxStatus(id: "uuid-m") } == .received)
            #expect(try await store.read { try await $0.inboxStatus(id: "none") } == nil)

            #expect(try await store.write { try await $0.markInboxFailed(id: "uuid-m", error: "first", at: StoreFixtures.at(2)) })
            #expect(try await store.write { try await $0.markInboxFailed(id: "uuid-m", error: "second", at: StoreFixtures.at(3)) })
            var failed = entry
            failed.status = .failed
            failed.attempts = 2
            failed.lastError = "second"
            #expect(try await store.read { try await $0.inboxNotification(id: "uuid-m") } == failed)

            try await store.write { try await $0.markInboxProcessed(id: "uuid-m", at: StoreFixtures.at(5)) }
            var processed = failed
            processed.status = .processed
            processed.attempts = 3
            processed.lastError = nil
            processed.processedAt = StoreFixtures.at(5)
            #expect(try await store.read { try await $0.inboxNotification(id: "uuid-m") } == processed)
            // A late failure report does not undo the application.
            #expect(try await store.write { try await $0.markInboxFailed(id: "uuid-m", error: "late", at: StoreFixtures.at(6)) } == false)
            #expect(try await store.read { try await $0.inboxNotification(id: "uuid-m") } == processed)
            #expect(try await store.write { try await $0.markInboxFailed(id: "none", error: "x", at: StoreFixtures.at(6)) } == false)
            await #expect(throws: (any Error).self) {
                try await store.write { try await $0.markInboxProcessed(id: "none", at: StoreFixtures.at(6)) }
            }
        },
    ]
}

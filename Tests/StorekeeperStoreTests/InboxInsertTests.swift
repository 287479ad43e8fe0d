import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperSQL
import StorekeeperTesting
import Testing

/// An inbox entry stored with its outcome and its first attempt: one statement on PostgreSQL
/// (a data-modifying `WITH`), two on SQLite, the same rows and answers on both.
@Suite("Inbox insert with its first attempt")
struct InboxInsertTests {
    static let t0 = Timestamp(millisecondsSince1970: 1_750_000_000_000)

    static func processed(_ id: String, at offset: Int64) -> InboxNotification {
        InboxNotification(
            id: id, appId: "main", version: 2, body: Data("{\"n\":\(offset)}".utf8), receivedAt: t0.adding(milliseconds: offset),
            status: .processed, attempts: 1, processedAt: t0.adding(milliseconds: offset))
    }

    /// A second copy of a stored entry writes nothing: no attempt, the first body kept.
    @Test(arguments: StoreTestBackend.available)
    func aReplayWritesNothing(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let store = database.store
            #expect(try await store.write { try await $0.insertInbox(Self.processed("r-1", at: 1)) })
            #expect(try await store.write { try await $0.insertInbox(Self.processed("r-1", at: 2)) } == false)
            var rejected = Self.processed("r-1", at: 3)
            rejected.status = .rejected
            rejected.lastError = "not JSON"
            #expect(try await store.write { try await $0.insertInbox(rejected) } == false)
            #expect(
                try await store.read { try await $0.inboxAttempts(id: "r-1") } == [
                    InboxAttempt(number: 1, at: Self.t0.adding(milliseconds: 1), outcome: .processed, error: nil)
                ])
            let stored = try #require(try await store.read { try await $0.inboxNotification(id: "r-1") })
            #expect(stored.body == Data("{\"n\":1}".utf8) && stored.status == .processed)
        }
    }

    /// Attempts left under the entry's ID (the entry itself gone) number the new first attempt
    /// on, and only the latest ``InboxAttempt/retained`` are kept.
    @Test(arguments: StoreTestBackend.available)
    func leftoverAttemptsAreNumberedOnAndPruned(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let store = database.store
            let retained = InboxAttempt.retained
            try await store.database.write { sql in
                for number in 1...retained {
                    try await sql.execute(
                        "INSERT INTO inbox_attempts (inbox_id, number, attempted_at, outcome, error) VALUES ($1, $2, $3, $4, $5)",
                        [.text("l-1"), .integer(Int64(number)), .integer(Int64(number)), .text("failed"), .text("old \(number)")])
                }
            }
            var rejected = Self.processed("l-1", at: 9)
            rejected.status = .rejected
            rejected.lastError = "bad signature"
            rejected.processedAt = nil
            #expect(try await store.write { try await $0.insertInbox(rejected) })
            let attempts = try await store.read { try await $0.inboxAttempts(id: "l-1") }
            #expect(attempts.count == retained)
            #expect(attempts.first?.number == 2)
            #expect(
                attempts.last
                    == InboxAttempt(number: retained + 1, at: Self.t0.adding(milliseconds: 9), outcome: .rejected, error: "bad signature"))
        }
    }

    /// The attempt is part of the caller's transaction: rolled back with it, entry and all.
    @Test(arguments: StoreTestBackend.available)
    func theAttemptRollsBackWithTheEntry(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let store = database.store
            struct Abort: Error {}
            await #expect(throws: Abort.self) {
                try await store.write { tx in
                    #expect(try await tx.insertInbox(Self.processed("b-1", at: 1)))
                    throw Abort()
                }
            }
            #expect(try await store.read { try await $0.inboxNotification(id: "b-1") } == nil)
            #expect(try await store.read { try await $0.inboxAttempts(id: "b-1") }.isEmpty)
            #expect(try await store.write { try await $0.insertInbox(Self.processed("b-1", at: 2)) })
            #expect(try await store.read { try await $0.inboxAttempts(id: "b-1") }.map(\.number) == [1])
        }
    }
}

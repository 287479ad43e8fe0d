import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore
import Testing

extension PurchaseStoreContract {
    static let consoleSessionCases: [StoreContractCase] = [
        StoreContractCase("console sessions: insert, read, touch, delete; the id hash is unique") { context throws in
            let store = context.store
            let session = ConsoleSession(
                idHash: String(repeating: "a1", count: 32), operatorName: "ada", csrfToken: "csrf-1", createdAt: StoreFixtures.t0,
                lastSeenAt: StoreFixtures.t0)
            try await store.write { try await $0.insertConsoleSession(session) }
            #expect(try await store.read { try await $0.consoleSession(idHash: session.idHash) } == session)
            #expect(try await store.read { try await $0.consoleSession(idHash: "unknown") } == nil)
            await #expect(throws: (any Error).self) { try await store.write { try await $0.insertConsoleSession(session) } }

            #expect(try await store.write { try await $0.touchConsoleSession(idHash: session.idHash, at: StoreFixtures.at(90)) })
            #expect(try await store.write { try await $0.touchConsoleSession(idHash: "unknown", at: StoreFixtures.at(90)) } == false)
            #expect(try await store.read { try await $0.consoleSession(idHash: session.idHash) }?.lastSeenAt == StoreFixtures.at(90))
            #expect(try await store.read { try await $0.consoleSession(idHash: session.idHash) }?.createdAt == StoreFixtures.t0)

            #expect(try await store.write { try await $0.deleteConsoleSession(idHash: session.idHash) })
            #expect(try await store.write { try await $0.deleteConsoleSession(idHash: session.idHash) } == false)
            #expect(try await store.read { try await $0.consoleSession(idHash: session.idHash) } == nil)
        },
        StoreContractCase("console sessions: the purge deletes the idle and the too old, keeps the rest") { context throws in
            let store = context.store
            func session(_ name: String, created: Int64, seen: Int64) -> ConsoleSession {
                ConsoleSession(
                    idHash: name, operatorName: "ada", csrfToken: "t-" + name, createdAt: StoreFixtures.at(created),
                    lastSeenAt: StoreFixtures.at(seen))
            }
            let idle = session("idle", created: 100, seen: 100)
            let old = session("old", created: 10, seen: 500)
            let live = session("live", created: 100, seen: 500)
            let boundary = session("boundary", created: 50, seen: 400)
            try await store.write { tx throws in
                for item in [idle, old, live, boundary] { try await tx.insertConsoleSession(item) }
            }
            let purged = try await store.write {
                try await $0.deleteConsoleSessions(lastSeenBefore: StoreFixtures.at(400), createdBefore: StoreFixtures.at(50))
            }
            #expect(purged == 2)
            try await store.read { tx throws in
                #expect(try await tx.consoleSession(idHash: "idle") == nil)
                #expect(try await tx.consoleSession(idHash: "old") == nil)
                #expect(try await tx.consoleSession(idHash: "live") == live)
                #expect(try await tx.consoleSession(idHash: "boundary") == boundary, "the limits themselves are not expired")
            }
        },
    ]
}

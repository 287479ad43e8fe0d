import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperTesting
import Testing

/// Two customers joining one Apple account at the same moment must see each other: the second
/// writer's `lock(appleAccount:)` waits for the first to commit, and its read of the account's
/// customers then finds the first one's link. PostgreSQL only, with two instances: SQLite's
/// single writer serializes whole writes.
@Suite struct AppleAccountLockTests {
    @Test(.enabled(if: StoreTestPostgres.url != nil, "STOREKEEPER_TEST_POSTGRES_URL is not set: this PostgreSQL test is SKIPPED"))
    func aSecondWriterLockingTheAccountSeesTheFirstOnesLink() async throws {
        try await StoreTestBackend.postgresql.withStore { database throws in
            let alice = CustomerID(rawValue: "alice")!
            let bob = CustomerID(rawValue: "bob")!
            let account = AppleAccountKey(environment: .production, appTransactionId: "app-1")
            let firstHoldsTheLock = Barrier(parties: 2)
            let seenBySecond = Recorder<[CustomerID]>()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var first = true
                    try await database.store.write { tx throws in
                        try await tx.lock(appleAccount: account)
                        #expect(try await tx.appleAccountCustomers(account) == [])
                        if first {
                            first = false
                            await firstHoldsTheLock.arrive()
                            // Long enough for the second writer to be waiting on the lock.
                            try await Task.sleep(for: .milliseconds(300))
                        }
                        try await tx.linkAppleAccount(account, customerId: alice, at: Timestamp(millisecondsSince1970: 1))
                    }
                }
                group.addTask {
                    await firstHoldsTheLock.arrive()
                    try await database.otherInstance.write { tx throws in
                        try await tx.lock(appleAccount: account)
                        seenBySecond.append(try await tx.appleAccountCustomers(account))
                        try await tx.linkAppleAccount(account, customerId: bob, at: Timestamp(millisecondsSince1970: 2))
                    }
                }
                try await group.waitForAll()
            }
            #expect(seenBySecond.values.last == [alice], "\(seenBySecond.values)")
            #expect(try await database.store.read { try await $0.appleAccountCustomers(account) } == [alice, bob])
        }
    }
}

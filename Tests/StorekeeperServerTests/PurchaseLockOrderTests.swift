import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperPostgres
import StorekeeperSQL
import StorekeeperServer
import StorekeeperTesting
import Synchronization
import Testing

/// The applier takes every lock a purchase's facts need up front, in the one canonical order
/// (customers sorted, then purchases sorted), so writers never wait on each other in a cycle.
///
/// Two customers present one purchase at the same time, round after round (the purchase moves
/// to each presenter under the `transfer` policy, so every round one of them takes it from the
/// other). Before the canonical order, the presenter who did not own the purchase locked itself
/// and the purchase, then the owner: the owner, presenting too, held its own lock and waited for
/// the purchase's, and PostgreSQL broke the cycle with "deadlock detected" (SQLSTATE 40P01).
/// The store retries nothing here (one attempt): the test retries itself and counts why.
@Suite struct PurchaseLockOrderTests {
    static let applier: FactApplier = {
        let catalog = try! Catalog(products: [Product(id: "no.ads", kind: .nonConsumable, entitlements: ["no_ads"])])
        return FactApplier(
            app: AppConfiguration(
                id: "app", bundleId: "com.example", policy: AppPolicy(transfer: .transfer), catalog: catalog))
    }()

    static let purchase = AppleTransaction(
        environment: .sandbox, transactionId: "t-1", originalTransactionId: "t-1", productId: "no.ads",
        purchaseDate: Timestamp(millisecondsSince1970: 1_000), signedDate: Timestamp(millisecondsSince1970: 1_000),
        source: .storeKit2)

    /// Why attempts were run again.
    struct Retries: Sendable {
        var deadlocks = 0
        var other = 0
    }

    /// The retries of every concurrent presentation of a test.
    final class RetryCounter: Sendable {
        let counts = Mutex(Retries())
    }

    @Test(arguments: StoreTestBackend.available)
    func twoPresentersOfOnePurchaseNeverDeadlock(_ backend: StoreTestBackend) async throws {
        var configuration = StoreTestBackend.testConfiguration
        configuration.maxAttempts = 1
        try await backend.withStore(configuration: configuration) { database in
            let store = database.store
            let alice = try #require(CustomerID(rawValue: "alice"))
            let bob = try #require(CustomerID(rawValue: "bob"))
            let retries = RetryCounter()
            let rounds = 150
            for round in 0..<rounds {
                // Both orders of start: A then B, and B then A.
                let presenters = round.isMultiple(of: 2) ? [alice, bob] : [bob, alice]
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for presenter in presenters {
                        group.addTask {
                            try await Self.present(by: presenter, round: round, in: store, retries: retries)
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let counted = retries.counts.withLock { $0 }
            #expect(counted.deadlocks == 0, "deadlocks detected: \(counted.deadlocks), other retries: \(counted.other)")
            // The purchase is recorded once, owned by one of the two, whose grant it is alone.
            let owner = try #require(
                try await store.read { try await $0.owner(environment: .sandbox, originalTransactionId: "t-1") })
            #expect([alice, bob].contains(owner))
            let rows = try await store.read { try await $0.transactions(environment: .sandbox, originalTransactionId: "t-1") }
            #expect(rows.map(\.customerId) == [owner])
            let ownerGrants = try await store.read { try await $0.grants(customerId: owner) }
            #expect(ownerGrants.map(\.entitlement) == ["no_ads"])
            let other = owner == alice ? bob : alice
            #expect(try await store.read { try await $0.grants(customerId: other) }.isEmpty)
        }
    }

    /// A purchase that changes owner between the presenter's unlocked read and its locks: the
    /// new owner's lock is not held, and taking it then (after the purchase's) could close a
    /// cycle, so the attempt fails as a serialization failure and the next one, reading the new
    /// owner first, locks it in order and transfers from it. PostgreSQL only: SQLite's single
    /// writer never lets an owner change under a running write.
    @Test(.enabled(if: StoreTestPostgres.url != nil))
    func anOwnerChangedBeforeTheLocksRunsTheWriteAgain() async throws {
        var configuration = StoreTestBackend.testConfiguration
        configuration.maxAttempts = 1
        try await StoreTestBackend.postgresql.withStore(configuration: configuration) { database in
            let store = database.store
            // Names of this test's own, so the lock waited for is this test's.
            let suffix = UUID().uuidString.lowercased()
            let alice = try #require(CustomerID(rawValue: "alice-\(suffix)"))
            let bob = try #require(CustomerID(rawValue: "bob-\(suffix)"))
            let carol = try #require(CustomerID(rawValue: "carol-\(suffix)"))
            let purchase = PurchaseKey(Self.purchase)
            let now = Timestamp(millisecondsSince1970: 10_000)
            _ = try await store.write { tx in
                try await Self.applier.applyPresented(
                    [Self.purchase], renewals: [], by: bob, orderId: nil, actor: .client, fact: "bob", now: now, in: tx)
            }
            // Alice's writer holds Bob's lock while Carol's presentation reads Bob as the owner
            // and waits for Bob's lock; then the purchase moves to Alice.
            let bobsLock = SQLAdvisoryLock.key(for: "storekeeper.customer:" + bob.rawValue)
            let carolsAttempt = try await store.write { tx in
                try await tx.lock(customer: alice)
                try await tx.lock(customer: bob)
                // Detached: a task started inside a write would count as nested in it.
                let attempt = Task.detached {
                    try await store.write { tx in
                        try await Self.applier.applyPresented(
                            [Self.purchase], renewals: [], by: carol, orderId: nil, actor: .client, fact: "carol", now: now,
                            in: tx)
                    }
                }
                try await Self.waitUntilSomeoneWaits(for: bobsLock, in: database.otherInstance)
                try await tx.lock(environment: purchase.environment, originalTransactionId: purchase.originalTransactionId)
                try await Self.applier.move(purchase, to: alice, in: tx)
                return attempt
            }
            await #expect(throws: PurchaseStoreError.self) { _ = try await carolsAttempt.value }
            let failure = await carolsAttempt.result
            if case .failure(let error as PurchaseStoreError) = failure {
                // The store's retryable conflict: what was a serialization failure in SQL terms.
                #expect(error.code == .changedSinceRead)
            }
            #expect(try await store.read { try await $0.owner(environment: .sandbox, originalTransactionId: "t-1") } == alice)
            // The next attempt locks Alice in order and takes the purchase from her.
            _ = try await store.write { tx in
                try await Self.applier.applyPresented(
                    [Self.purchase], renewals: [], by: carol, orderId: nil, actor: .client, fact: "carol", now: now, in: tx)
            }
            #expect(try await store.read { try await $0.owner(environment: .sandbox, originalTransactionId: "t-1") } == carol)
            let transferred = try await store.read { try await $0.auditEvents(subject: "Sandbox:t-1") }
                .filter { $0.kind == "ownership.transferred" && $0.customerId == carol }
            #expect(transferred.map { $0.details["from"] } == [alice.rawValue])
        }
    }

    /// Polls PostgreSQL's lock table until a session waits for the advisory lock `key`.
    /// (The key as PostgreSQL sees it: scoped to the database's schema, see
    /// `PostgreSQLDatabase.advisoryLockNamespace`.)
    static func waitUntilSomeoneWaits(for key: Int64, in store: SQLPurchaseStore) async throws {
        let scoped = key ^ ((store.database as? PostgreSQLDatabase)?.advisoryLockNamespace ?? 0)
        let high = Int64(UInt32(truncatingIfNeeded: scoped >> 32))
        let low = Int64(UInt32(truncatingIfNeeded: scoped))
        for _ in 0..<6_000 {
            let waiting = try await store.database.read { sql in
                try await sql.queryFirst(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid::bigint = $1 AND objid::bigint = $2",
                    [.integer(high), .integer(low)])?.int64(0) ?? 0
            }
            if waiting > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("nobody waited for the lock within a minute")
    }

    /// One presentation, attempted again (up to a generous bound) while the database reports a
    /// retryable conflict; deadlocks are counted apart from the rest.
    static func present(
        by presenter: CustomerID, round: Int, in store: SQLPurchaseStore, retries: RetryCounter
    ) async throws {
        let now = Timestamp(millisecondsSince1970: 10_000 + Int64(round))
        for _ in 0..<200 {
            do {
                _ = try await store.write { tx in
                    try await applier.applyPresented(
                        [purchase], renewals: [], by: presenter, orderId: nil, actor: .client, fact: "round \(round)",
                        now: now, in: tx)
                }
                return
            } catch let error as PurchaseStoreError where error.isRetryable {
                retries.counts.withLock {
                    if (error.underlying as? SQLError)?.code == .deadlock { $0.deadlocks += 1 } else { $0.other += 1 }
                }
            }
        }
        Issue.record("a presentation by \(presenter.rawValue) kept conflicting for 200 attempts")
    }
}

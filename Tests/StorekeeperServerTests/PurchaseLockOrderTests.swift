import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperSQL
import StorekeeperTesting
import Synchronization
import Testing

@testable import StorekeeperServer

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
            } catch let error as SQLError where error.isRetryable {
                retries.counts.withLock {
                    if error.code == .deadlock { $0.deadlocks += 1 } else { $0.other += 1 }
                }
            }
        }
        Issue.record("a presentation by \(presenter.rawValue) kept conflicting for 200 attempts")
    }
}

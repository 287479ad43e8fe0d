import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperSQL
import StorekeeperTesting
import Testing

/// Applying a notification starts by reading who owns its purchase. On PostgreSQL the inbox
/// insert reads that with the insert, in the same statement, and the transaction answers the
/// owner reads that follow from what it read: no round trip more than the insert's.
@Suite("Owner reads after a notification's inbox insert")
struct InboxOwnerReadTests {
    static let t0 = Timestamp(millisecondsSince1970: 1_750_000_000_000)

    @Test(.enabled(if: StoreTestPostgres.url != nil, "STOREKEEPER_TEST_POSTGRES_URL is not set: this PostgreSQL test is SKIPPED"))
    func theOwnerReadsAfterTheInsertCostNoStatementOnPostgreSQL() async throws {
        try await StoreTestBackend.postgresql.withStore { database throws in
            let counting = StatementCountingDatabase(base: database.store.database)
            let store = SQLPurchaseStore(
                database: counting, configuration: StoreTestBackend.testConfiguration, logger: StoreTestLogger.logger)
            let alice = CustomerID(rawValue: "alice")!
            let bob = CustomerID(rawValue: "bob")!
            let order = Order(
                customerId: bob, productId: "coins.100", createdAt: Self.t0, expiresAt: Self.t0.adding(milliseconds: 3_600_000))
            try await store.write { tx throws in
                try await tx.insertOrder(order)
                try await tx.setOwner(environment: .production, originalTransactionId: "o-1", customerId: alice)
            }
            let key = OwnerCandidatesKey(
                purchase: PurchaseKey(environment: .production, originalTransactionId: "o-1"), appAccountToken: order.appAccountToken)
            let entry = InboxNotification(
                id: "n-1", appId: "app", version: 2, body: Data("{}".utf8), receivedAt: Self.t0.adding(milliseconds: 9), status: .processed,
                attempts: 1, processedAt: Self.t0.adding(milliseconds: 9), purchase: key)
            try await store.write { tx throws in
                func candidates() async throws -> OwnerCandidates {
                    try await tx.ownerCandidates(
                        environment: .production, originalTransactionId: "o-1", appAccountToken: order.appAccountToken)
                }
                let start = counting.statements
                #expect(try await tx.insertInbox(entry))
                // The insert, and its feed events deferred to ride with the next statement.
                #expect(counting.statements == start + 2)
                #expect(try await tx.owner(environment: .production, originalTransactionId: "o-1") == alice)
                #expect(try await candidates() == OwnerCandidates(owner: alice, orderCustomer: bob))
                #expect(counting.statements == start + 2, "the owner reads after the insert were sent to the database")
                // Once another statement ran, the reads go to the database again.
                try await tx.setWatermark("w", value: "x")
                let later = counting.statements
                #expect(try await candidates() == OwnerCandidates(owner: alice, orderCustomer: bob))
                #expect(counting.statements == later + 1)
            }
        }
    }
}

import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperSQL
import StorekeeperTesting
import Testing

/// Migration 13 fills each stored subscription's renewal preference (`auto_renew_status`,
/// `auto_renew_product_id`) from its lifecycle state, as the lifecycle encodes it, on both
/// backends; a subscription without renewal info stays without one.
@Suite("Renewal preference migration")
struct RenewalPreferenceMigrationTests {
    static let t0 = Timestamp(millisecondsSince1970: 1_750_000_000_000)

    /// A state as the subscription applier encodes it (sorted keys), with renewal info when
    /// `renews` is given.
    static func state(_ original: String, renews: Bool?) throws -> Data {
        let renewal = renews.map {
            RenewalInfo(
                environment: .production, originalTransactionId: original, productId: "pro.monthly",
                autoRenewProductId: "pro.yearly", autoRenewEnabled: $0, signedDate: t0, source: .notification)
        }
        let fact = SubscriptionFact(
            environment: .production, originalTransactionId: original, signedDate: t0,
            transaction: AppleTransaction(
                environment: .production, transactionId: original, originalTransactionId: original, productId: "pro.monthly",
                productType: .autoRenewableSubscription, purchaseDate: t0, expiresDate: t0.adding(milliseconds: 86_400_000),
                signedDate: t0, source: .notification),
            renewalInfo: renewal, source: .notification)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(SubscriptionLifecycle.apply(fact, to: nil).state)
    }

    @Test(arguments: StoreTestBackend.available)
    func fillsTheRenewalPreferenceFromTheStoredState(_ backend: StoreTestBackend) async throws {
        try await backend.withStore(migrated: false) { database throws in
            let sql = database.store.database
            let before = StoreSchema.migrations.filter { $0.version < 13 }
            try await Migrator(migrations: before, logger: StoreTestLogger.logger).migrate(sql)
            let rows: [(String, Bool?)] = [("900001", true), ("900002", false), ("900003", nil)]
            try await sql.write { tx throws in
                for (original, renews) in rows {
                    _ = try await tx.execute(
                        """
                        INSERT INTO subscriptions (environment, original_transaction_id, customer_id, product_id,
                            subscription_group, phase, expires_at, last_signed_date, state, updated_at)
                        VALUES ('Production', $1, 'migrated', 'pro.monthly', 'pro', 'active', NULL, 0, $2, 0)
                        """, [.text(original), .blob(Array(try Self.state(original, renews: renews)))])
                }
            }
            try await Migrator(migrations: StoreSchema.migrations, logger: StoreTestLogger.logger).migrate(sql)
            let customer = try #require(CustomerID(rawValue: "migrated"))
            let stored = try await database.store.read { try await $0.subscriptions(customerId: customer) }
            #expect(stored.map(\.autoRenewStatus) == [1, 0, nil])
            #expect(stored.map(\.autoRenewProductId) == ["pro.yearly", "pro.yearly", nil])
            let view = try await database.store.read { try await $0.customerRecord(customer, purchaseLimit: 1) }
            #expect(view.subscriptions.map(\.autoRenewStatus) == [1, 0, nil], "the customer view reads it from its index")
        }
    }
}

import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperSQL
import StorekeeperTesting
import Testing

/// Migration 25 links the customers of the transactions recorded before it to the Apple
/// accounts those transactions name, on both backends: once per account and customer, at the
/// first record, and never an unclaimed placeholder.
@Suite("Apple account migration")
struct AppleAccountMigrationTests {
    @Test(arguments: StoreTestBackend.available)
    func linksTheCustomersOfEarlierTransactions(_ backend: StoreTestBackend) async throws {
        try await backend.withStore(migrated: false) { database throws in
            let sql = database.store.database
            try await Migrator(migrations: StoreSchema.migrations.filter { $0.version < 25 }, logger: StoreTestLogger.logger)
                .migrate(sql)
            let alice = try #require(CustomerID(rawValue: "alice"))
            let bob = try #require(CustomerID(rawValue: "bob"))
            let t0 = Timestamp(millisecondsSince1970: 1_750_000_000_000)
            let placeholder = try #require(
                PurchaseDecision.placeholder(for: PurchaseKey(environment: .production, originalTransactionId: "510003"), in: .preIsolation)
            )
            func transaction(_ id: String, appTransactionId: String?) -> AppleTransaction {
                AppleTransaction(
                    environment: .production, transactionId: id, originalTransactionId: id, productId: "coins.100",
                    purchaseDate: t0, appTransactionId: appTransactionId, signedDate: t0, source: .notification)
            }
            try await database.store.write { tx in
                for customer in [alice, bob, placeholder] { try await tx.ensureCustomer(Customer(id: customer, createdAt: t0)) }
                _ = try await tx.upsertTransaction(transaction("510001", appTransactionId: "app-1"), customerId: alice, orderId: nil)
                _ = try await tx.upsertTransaction(transaction("510002", appTransactionId: "app-1"), customerId: alice, orderId: nil)
                _ = try await tx.upsertTransaction(transaction("510003", appTransactionId: "app-1"), customerId: placeholder, orderId: nil)
                _ = try await tx.upsertTransaction(transaction("510004", appTransactionId: "app-1"), customerId: bob, orderId: nil)
                _ = try await tx.upsertTransaction(transaction("510005", appTransactionId: nil), customerId: bob, orderId: nil)
            }
            try await Migrator(migrations: StoreSchema.migrations, logger: StoreTestLogger.logger).migrate(sql)
            let account = AppleAccountKey(environment: .production, appTransactionId: "app-1")
            try await database.store.read { reader throws in
                #expect(Set(try await reader.appleAccountCustomers(account)) == [alice, bob])
                #expect(try await reader.appleAccounts(customerId: bob) == [account])
                #expect(try await reader.appleAccounts(customerId: placeholder) == [])
            }
        }
    }
}

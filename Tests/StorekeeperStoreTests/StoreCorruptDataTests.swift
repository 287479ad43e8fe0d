import AppStoreModels
import Storekeeper
import StorekeeperSQL
import StorekeeperStore
import StorekeeperTesting
import Testing

/// Rows written behind the store's back (another tool, a bad manual fix) must surface as typed
/// errors, never as a crash; unknown values of Apple's open enumerations are kept.
@Suite("SQLPurchaseStore row mapping")
struct StoreCorruptDataTests {
    static let insertTransaction = """
        INSERT INTO transactions (environment, transaction_id, original_transaction_id, product_id, product_type,
            purchase_date, quantity, is_upgraded, offer_type, signed_date, source, customer_id, recorded_at, updated_at)
        VALUES ($1, $2, $2, 'p', $3, 1, 1, 0, $4, 1, 'brand_new_source', $5, 1, 1)
        """

    @Test(arguments: StoreTestBackend.available)
    func unknownOpenEnumValuesAreKept(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            try await database.store.database.write { tx throws in
                try await tx.execute(Self.insertTransaction, ["Staging", "t1", "Quantum Subscription", 42, "alice"])
            }
            let stored = try #require(
                try await database.store.read {
                    try await $0.transaction(environment: AppStoreEnvironment(rawValue: "Staging"), transactionId: "t1")
                })
            #expect(stored.transaction.productType?.rawValue == "Quantum Subscription")
            #expect(stored.transaction.offerType?.rawValue == 42)
            #expect(stored.transaction.source.rawValue == "brand_new_source")
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func corruptRowsAreTypedErrors(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database throws in
            let db = database.store.database
            try await db.write { tx throws in
                try await tx.execute(Self.insertTransaction, ["Production", "bad-owner", nil, nil, "not a valid id!"])
                try await tx.execute(Self.insertTransaction, ["Production", "huge-offer", nil, .integer(1 << 40), "bob"])
                try await tx.execute(
                    "INSERT INTO inbox (id, app_id, version, body, received_at, status, attempts) VALUES ('n1', 'a', 2, $1, 1, 'exploded', 0)",
                    [.blob([1, 2, 3])])
                try await tx.execute(
                    "INSERT INTO audit_events (id, customer_id, kind, actor, details, created_at) VALUES ($1, 'carol', 'k', 'client', 'not json', 1)",
                    ["6b6c2a1e-6a4e-4f7e-9a55-7d0a3e5b9c11"])
                try await tx.execute(
                    "INSERT INTO orders (id, customer_id, product_id, quantity, state, app_account_token, created_at, updated_at, expires_at) VALUES ('not-a-uuid', 'dave', 'p', 1, 'created', 'x', 1, 1, 1)"
                )
                try await tx.execute(
                    "INSERT INTO ledger_accounts (name, slot, kind, customer_id, currency, balance, updated_at) VALUES ('mystery', 0, 'mystery', NULL, 'gems', 5, 1)"
                )
            }
            let store = database.store
            let cases: [(String, @Sendable (any PurchaseStoreReader) async throws -> Void)] = [
                ("invalid customer id", { _ = try await $0.transaction(environment: .production, transactionId: "bad-owner") }),
                ("32-bit overflow", { _ = try await $0.transaction(environment: .production, transactionId: "huge-offer") }),
                ("unknown inbox status", { _ = try await $0.inboxNotification(id: "n1") }),
                ("malformed details", { _ = try await $0.auditEvents(customerId: CustomerID(rawValue: "carol")!, limit: 5) }),
                ("unparseable account", { _ = try await $0.ledgerDiscrepancies() }),
            ]
            for (name, read) in cases {
                let error = await #expect(throws: SQLPurchaseStoreError.self, "\(name)") { try await store.read(read) }
                #expect(error?.code == .corruptData, "\(name)")
            }
            // A malformed UUID column is corrupt data, its typed SQL error kept underneath.
            let uuidError = await #expect(throws: PurchaseStoreError.self) {
                try await store.read { try await $0.openOrders(customerId: CustomerID(rawValue: "dave")!) }
            }
            #expect(uuidError?.code == .corruptData)
            #expect((uuidError?.underlying as? SQLError)?.code == .typeMismatch)
        }
    }
}

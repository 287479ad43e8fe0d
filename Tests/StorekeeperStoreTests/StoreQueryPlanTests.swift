import StorekeeperTesting
import Testing

@testable import StorekeeperSQL

/// The reads behind `GET /customers/{id}` and the background jobs stay single index searches:
/// SQLite's plan for each names an index and never scans a table.
@Suite("SQLPurchaseStore query plans")
struct StoreQueryPlanTests {
    static let statements: [(String, String, [SQLValue])] = [
        ("customer record", CustomerRecordRows.select, ["c", 20]),
        ("customer", CustomerRows.select, ["c"]),
        ("grants", GrantRows.select, ["c"]),
        ("balances", LedgerRows.customerBalances, ["c"]),
        ("recent transactions", TransactionRows.byCustomer, ["c", 20]),
        ("purchase history", TransactionRows.history, ["c", 20]),
        ("customer subscriptions", SubscriptionRows.byCustomer, ["c"]),
        ("customer view subscriptions", SubscriptionRows.viewByCustomer, ["c"]),
        ("transaction", TransactionRows.byId, ["Production", "t"]),
        ("original transaction", TransactionRows.byOriginal, ["Production", "t"]),
        ("paid period", TransactionRows.byWebOrder, ["Production", "w"]),
        ("one-time purchases", TransactionRows.oneTime, ["c"]),
        ("owner", TransactionRows.owner, ["Production", "t"]),
        ("order by token", OrderRows.byToken, ["x"]),
        ("open orders", OrderRows.open, ["c"]),
        ("stale orders", OrderRows.stale, [1, 10]),
        ("expiring subscriptions", SubscriptionRows.expiring, [1, 2, 10]),
        ("customer journal", LedgerRows.customerJournal, ["c", 10]),
        ("journal entry", LedgerRows.entryByKey, ["k"]),
        ("customer audit", AuditRows.byCustomer, ["c", 10]),
        ("subject audit", AuditRows.bySubject, ["s"]),
        ("due inbox", InboxRows.due(apps: 2), [10, 30_000, 1, "a", "b"]),
        ("outbox claim", OutboxRows.claim(skipLocked: false, destinations: 0), ["o", 2, 1, 10]),
        ("outbox claim by destination", OutboxRows.claim(skipLocked: false, destinations: 2), ["o", 2, 1, 10, "a", "b"]),
    ]

    /// Reads whose order comes from the index: a `LIMIT` stops early instead of sorting all rows.
    static let sortFree: Set<String> = [
        "customer record", "customer", "grants", "balances", "recent transactions", "purchase history", "customer subscriptions",
        "customer view subscriptions", "customer audit", "stale orders", "expiring subscriptions",
    ]

    /// Reads answered from an index alone, without a second search in the table.
    static let covered: Set<String> = ["balances", "customer view subscriptions"]

    @Test(arguments: statements.map(\.0))
    func usesAnIndex(_ name: String) async throws {
        let (_, sql, binds) = try #require(Self.statements.first { $0.0 == name })
        try await StoreTestBackend.sqlite.withStore { database throws in
            let plan = try await database.store.database.read { tx throws in
                try await tx.query("EXPLAIN QUERY PLAN " + sql, binds).map { try $0.string(3) }
            }
            #expect(!plan.isEmpty)
            // `SCAN e` and `SCAN (subquery-n)` walk the few rows of a subquery already limited by
            // an index search.
            let tableScans = plan.filter {
                $0.hasPrefix("SCAN ") && !$0.contains("INDEX") && $0 != "SCAN e" && !$0.hasPrefix("SCAN (subquery-")
            }
            #expect(tableScans.isEmpty, "\(name): \(plan)")
            if Self.sortFree.contains(name) {
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(name) sorts: \(plan)")
            }
            if Self.covered.contains(name) {
                #expect(plan.allSatisfy { $0.contains("COVERING INDEX") }, "\(name) reads the table: \(plan)")
            }
        }
    }

    /// The customer view's one statement: one search per table, and for subscriptions and
    /// balances that search is all (their customer indexes hold what the view shows).
    @Test func theCustomerRecordSearchesEachTableOnce() async throws {
        try await StoreTestBackend.sqlite.withStore { database throws in
            let plan = try await database.store.database.read { tx throws in
                try await tx.query("EXPLAIN QUERY PLAN " + CustomerRecordRows.select, ["c", 20]).map { try $0.string(3) }
            }
            let searches = plan.filter { $0.hasPrefix("SEARCH ") }
            #expect(
                searches.map { $0.split(separator: " ")[1] } == [
                    "customers", "grants", "subscriptions", "ledger_accounts", "transactions",
                ],
                "\(plan)")
            for table in ["subscriptions", "ledger_accounts"] {
                #expect(searches.contains { $0.hasPrefix("SEARCH \(table) USING COVERING INDEX") }, "\(table): \(plan)")
            }
        }
    }
}

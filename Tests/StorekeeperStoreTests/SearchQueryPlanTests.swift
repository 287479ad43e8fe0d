import StorekeeperTesting
import Testing

@testable import StorekeeperSQL

/// The operators' search, a customer's history pages and timeline sources stay index searches
/// at a million customers: SQLite's plan for each names an index and never scans a table, and
/// the paged reads take their order from the index (a `LIMIT` stops early).
@Suite("Admin search and timeline query plans")
struct SearchQueryPlanTests {
    static let statements: [(String, String, [SQLValue])] = [
        ("search customer", SearchRows.customer, ["c"]),
        ("aliases", SearchRows.aliases, ["c", 10]),
        ("search order", SearchRows.orders, ["00000000-0000-0000-0000-000000000000", 10]),
        ("search transaction", SearchRows.transactions(environments: 2), ["1", 10, "Production", "Sandbox"]),
        ("search original transaction", SearchRows.originalTransactions(environments: 2), ["1", 10, "Production", "Sandbox"]),
        (
            "search paid period", SearchRows.customers(carrying: "web_order_line_item_id", environments: 2),
            ["1", 10, "Production", "Sandbox"]
        ),
        (
            "search app transaction", SearchRows.customers(carrying: "app_transaction_id", environments: 2),
            ["1", 10, "Production", "Sandbox"]
        ),
        ("order page", CustomerHistoryRows.orders(after: true), ["c", 10, 5, "x"]),
        ("journal page", CustomerHistoryRows.journal(after: true), ["c", 10, 5, 7]),
        (
            "timeline audit",
            "SELECT seq FROM audit_events WHERE customer_id = $1 AND substr(actor, 1, 9) = 'operator:'"
                + TimelineRows.condition(
                    .init(at: .init(millisecondsSince1970: 5), tie: .keysBelow("3", "")), time: "created_at", keys: ["seq"],
                    numericFirstKey: true, first: 3
                ).sql
                + " ORDER BY created_at DESC, seq DESC LIMIT $2",
            ["c", 10, 5, 3]
        ),
        (
            "timeline transactions",
            "SELECT transaction_id FROM transactions WHERE customer_id = $1"
                + TimelineRows.condition(
                    .init(at: .init(millisecondsSince1970: 5), tie: .keysBelow("Production", "1")), time: "purchase_date",
                    keys: ["environment", "transaction_id"], first: 3
                ).sql + " \(TransactionRows.newestFirst) LIMIT $2",
            ["c", 10, 5, "Production", "1"]
        ),
        (
            "timeline notifications",
            """
            SELECT \(InboxQueryRows.summaryColumns) FROM inbox
            WHERE app_id = $3 AND id IN (
                SELECT substr(fact, 14) FROM audit_events WHERE customer_id = $1 AND \(TimelineRows.notificationFact)
            ) ORDER BY received_at DESC, id DESC LIMIT $2
            """,
            ["c", 10, "app"]
        ),
    ]

    /// The order page sorts only the customer's orders of one instant by ID ("RIGHT PART OF
    /// ORDER BY"); the rest come in index order.
    static let sortFree: Set<String> = ["aliases", "timeline audit", "timeline transactions"]

    @Test(arguments: statements.map(\.0))
    func usesAnIndex(_ name: String) async throws {
        let (_, sql, binds) = try #require(Self.statements.first { $0.0 == name })
        try await StoreTestBackend.sqlite.withStore { database throws in
            let plan = try await database.store.database.read { tx throws in
                try await tx.query("EXPLAIN QUERY PLAN " + sql, binds).map { try $0.string(3) }
            }
            #expect(!plan.isEmpty)
            let tableScans = plan.filter {
                $0.hasPrefix("SCAN ") && !$0.contains("INDEX") && $0 != "SCAN e" && !$0.hasPrefix("SCAN (subquery-")
            }
            #expect(tableScans.isEmpty, "\(name): \(plan)")
            if Self.sortFree.contains(name) {
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(name) sorts: \(plan)")
            }
        }
    }
}

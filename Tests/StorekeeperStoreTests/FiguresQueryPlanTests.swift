import StorekeeperTesting
import Testing

@testable import StorekeeperSQL

/// The overview, refunds, consumption and operations reads are index range searches on SQLite:
/// none scans a table that grows with the customers.
@Suite("Figures query plans")
struct FiguresQueryPlanTests {
    static let statements: [(String, String, [SQLValue])] = [
        ("rollup range", FigureRows.totals, ["app", "Production", 20_000, 20_089]),
        ("active levels", FigureRows.levels, ["app", "Production", 20_000, 20_010]),
        ("refunds page", FigureRows.refunds, ["app", 0, 10, 5, "Production", "t", 50]),
        ("consumption answers", FigureRows.outboxByDestination, ["apple:consumption:app", 10, "id", 50]),
        ("waiting notifications", FigureRows.inboxWaiting, ["app", "received"]),
        ("notifications since", FigureRows.inboxSince, ["app", "rejected", 10]),
        ("processed since", FigureRows.processedSince, ["app", 10]),
        ("pending outbox", FigureRows.outboxPending, ["app:app:", "apple:consumption:app"]),
        ("failed outbox", FigureRows.outboxFailedSince, ["app:app:", "apple:consumption:app", 10]),
        ("pending Apple calls", FigureRows.applePending, ["apple:consumption:app"]),
        ("failed Apple calls", FigureRows.appleFailedSince, ["apple:consumption:app", 10]),
        ("subscriptions page", FigureRows.subscriptionsPage, ["Production", "o", 500]),
        ("transactions page", FigureRows.transactionsPage, ["Production", "t", 500]),
    ]

    /// Reads whose order comes from the index: a `LIMIT` stops early instead of sorting all rows.
    static let sortFree: Set<String> = ["rollup range", "refunds page", "consumption answers", "subscriptions page", "transactions page"]

    @Test(arguments: statements.map(\.0))
    func usesAnIndex(_ name: String) async throws {
        let (_, sql, binds) = try #require(Self.statements.first { $0.0 == name })
        try await StoreTestBackend.sqlite.withStore { database throws in
            let plan = try await database.store.database.read { tx throws in
                try await tx.query("EXPLAIN QUERY PLAN " + sql, binds).map { try $0.string(3) }
            }
            #expect(!plan.isEmpty)
            let tableScans = plan.filter {
                $0.hasPrefix("SCAN ") && !$0.contains("INDEX") && !$0.hasPrefix("SCAN (subquery-") && $0 != "SCAN moves"
            }
            #expect(tableScans.isEmpty, "\(name): \(plan)")
            if Self.sortFree.contains(name) {
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(name) sorts: \(plan)")
            }
        }
    }
}

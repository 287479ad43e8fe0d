import AppStoreModels
import Storekeeper
import StorekeeperTesting
import Testing

@testable import StorekeeperSQL

/// Folding closed days' rollup slots (``FiguresStoreWriter/foldFigureSlots(before:limit:)``) on
/// both SQL backends: a closed day ends with one row per bucket and the same sums, days from the
/// bound on keep their slots, and a write to a folded day still adds up.
@Suite("Figure slot folding")
struct FigureSlotFoldTests {
    static let today = FigureDay(iso: "2026-03-30")!
    /// Keys that land on every slot (FNV-1a modulo the slot count).
    static let spreadKeys = (0..<16).map { "original-\($0)" }

    static func moves(_ day: FigureDay, amount: Int64) -> FigureMoves {
        var moves = FigureMoves()
        moves.add(amount, to: FigureKey(environment: .production, day: day, metric: .new, productId: "pro", dimension: ""))
        moves.add(amount * 990, to: FigureKey(environment: .production, day: day, metric: .revenue, productId: "", dimension: "USD"))
        moves.add(amount, to: FigureKey(environment: .production, day: day, metric: .active, productId: "pro", dimension: "standard"))
        return moves
    }

    static func rows(_ database: StoreTestDatabase, day: FigureDay) async throws -> Int64 {
        try await database.store.database.read { tx throws in
            try await tx.query("SELECT COUNT(*) FROM figure_days WHERE day = $1", [SQLValue(day.daysSince1970)])[0].int64(0)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func closedDaysFoldIntoOneRowPerBucketWithTheSameSums(_ backend: StoreTestBackend) async throws {
        #expect(Set(Self.spreadKeys.map(FigureRows.slot)).count == Int(FigureRows.slots))
        try await backend.withStore { database throws in
            let store = database.store
            let days = (0..<5).map { Self.today.adding(days: -$0) }
            try await store.write { tx in
                for (index, key) in Self.spreadKeys.enumerated() {
                    for day in days { try await tx.addFigures(appId: "app", Self.moves(day, amount: Int64(index + 1)), spreadKey: key) }
                    try await tx.addFigures(appId: "other", Self.moves(days[4], amount: 1), spreadKey: key)
                }
            }
            let range = days.last!...days.first!
            let totals = try await store.read { try await $0.figureTotals(appId: "app", environment: .production, days: range) }
            let levels = try await store.read { try await $0.activeLevels(appId: "app", environment: .production, before: Self.today) }
            let slots = Int64(FigureRows.slots)
            #expect(try await Self.rows(database, day: days[2]) == 3 * slots)

            // Before yesterday: days[2...4] are closed, for both apps; one day a pass when asked.
            let bound = Self.today.adding(days: -1)
            #expect(try await store.write { try await $0.foldFigureSlots(before: bound, limit: 1) } == 1)
            #expect(try await store.write { try await $0.foldFigureSlots(before: bound, limit: 10) } == 3)
            #expect(try await store.write { try await $0.foldFigureSlots(before: bound, limit: 10) } == 0)
            #expect(try await Self.rows(database, day: days[2]) == 3)
            #expect(try await Self.rows(database, day: days[4]) == 6)  // both apps
            #expect(try await Self.rows(database, day: days[1]) == 3 * slots)
            #expect(try await Self.rows(database, day: days[0]) == 3 * slots)
            let folded = try await store.read { try await $0.figureTotals(appId: "app", environment: .production, days: range) }
            #expect(Set(folded) == Set(totals))
            let foldedLevels = try await store.read {
                try await $0.activeLevels(appId: "app", environment: .production, before: Self.today)
            }
            #expect(Set(foldedLevels) == Set(levels))
            let other = try await store.read { try await $0.figureTotals(appId: "other", environment: .production, days: range) }
            #expect(other.first { $0.metric == .new }?.value == Int64(Self.spreadKeys.count))

            // A late fact on a folded day spreads again, adds up, and folds again.
            try await store.write { try await $0.addFigures(appId: "app", Self.moves(days[3], amount: 1_000), spreadKey: "original-3") }
            let late = try await store.read { try await $0.figureTotals(appId: "app", environment: .production, days: days[3]...days[3]) }
            let expectedNew = Int64((1...Self.spreadKeys.count).reduce(0, +)) + 1_000
            #expect(late.first { $0.metric == .new }?.value == expectedNew)
            #expect(try await store.write { try await $0.foldFigureSlots(before: bound, limit: 10) } == 1)
            #expect(try await Self.rows(database, day: days[3]) == 3)
            let refolded = try await store.read {
                try await $0.figureTotals(appId: "app", environment: .production, days: days[3]...days[3])
            }
            #expect(Set(refolded) == Set(late))
        }
    }
}

import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The rollups are moved by differences of contributions: these properties are what make them
/// safe under Apple's redeliveries and reordering.
@Suite("Figures properties")
struct FiguresPropertyTests {
    static let seeds: [UInt64] = Array(1...120)

    /// Applies facts one at a time as the write path does, summing the moves of each step.
    static func rollup(_ facts: [SubscriptionFact]) -> (state: SubscriptionState?, moves: FigureMoves, emptyReplays: Bool) {
        var state: SubscriptionState?
        var total = FigureMoves()
        var replaysMoveNothing = true
        for fact in facts {
            let (next, _) = SubscriptionLifecycle.apply(fact, to: state)
            total = total + SubscriptionFigures.moves(from: state, to: next)
            // The same fact again: the state does not change and nothing moves.
            let (again, _) = SubscriptionLifecycle.apply(fact, to: next)
            if !SubscriptionFigures.moves(from: next, to: again).isEmpty { replaysMoveNothing = false }
            state = next
        }
        return (state, total, replaysMoveNothing)
    }

    /// Applies transaction facts last-writer-wins, as `upsertTransaction` stores them, summing moves.
    static func rollup(_ transactions: [AppleTransaction]) -> FigureMoves {
        var stored: [String: AppleTransaction] = [:]
        var total = FigureMoves()
        let estimator = ProceedsEstimator()
        for transaction in transactions {
            let previous = stored[transaction.transactionId]
            if let previous, !transaction.supersedes(previous) { continue }
            total = total + TransactionFigures.moves(from: previous, to: transaction, proceeds: estimator)
            stored[transaction.transactionId] = transaction
        }
        return total
    }

    @Test(
        "the moves of every step add up to the final state's contribution, in any order, with duplicates",
        arguments: [0..<40, 40..<80, 80..<120])
    func orderAndReplayIndependence(_ range: Range<Int>) throws {
        for seed in Self.seeds[range] {
            var generator = LifecycleGenerator(seed: seed)
            let facts = generator.generate().compactMap(\.fact)
            let reference = Self.rollup(facts)
            let final = try #require(reference.state, "seed \(seed)")
            #expect(reference.moves == SubscriptionFigures.contribution(of: final), "seed \(seed)")
            #expect(reference.emptyReplays, "seed \(seed): replaying a fact moved figures")
            let referenceRevenue = Self.rollup(facts.flatMap(\.transactions))
            checkLevels(reference.moves, seed: seed)

            var random = SplitMix64(seed: seed &* 0x9E37_79B9)
            for round in 0..<3 {
                var shuffled = facts
                for fact in facts where Double.random(in: 0..<1, using: &random) < 0.3 { shuffled.append(fact) }
                shuffled.shuffle(using: &random)
                let run = Self.rollup(shuffled)
                #expect(run.moves == reference.moves, "seed \(seed) round \(round)")
                #expect(Self.rollup(shuffled.flatMap(\.transactions)) == referenceRevenue, "seed \(seed) round \(round)")
            }
        }
    }

    /// One subscription is active in at most one phase at the end of any day, and every start
    /// is matched by at most one end.
    func checkLevels(_ moves: FigureMoves, seed: UInt64) {
        var byDay: [Int: Int64] = [:]
        var new: Int64 = 0
        var churned: Int64 = 0
        for (key, amount) in moves.sorted {
            switch key.metric {
            case .active: byDay[key.day.daysSince1970, default: 0] += amount
            case .new: new += amount
            case .churned: churned += amount
            default: break
            }
        }
        var level: Int64 = 0
        for day in byDay.keys.sorted() {
            level += byDay[day] ?? 0
            #expect((0...1).contains(level), "seed \(seed): \(level) active on day \(day)")
        }
        #expect(level == 0 || moves.sorted.contains { $0.key.metric == .active }, "seed \(seed)")
        #expect(new >= 1 && (0...1).contains(new - churned), "seed \(seed): new \(new), churned \(churned)")
    }
}

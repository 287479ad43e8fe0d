import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The analytics rollups move by differences of contributions, like the overview's: replays move
/// nothing and the order facts arrive in does not change the figures.
@Suite("Analytics properties")
struct AnalyticsPropertyTests {
    static let catalog = try! Catalog(products: [])

    static func rollup(_ facts: [SubscriptionFact]) -> (state: SubscriptionState?, moves: AnalyticsMoves, emptyReplays: Bool) {
        var state: SubscriptionState?
        var total = AnalyticsMoves()
        var replaysMoveNothing = true
        for fact in facts {
            let (next, _) = SubscriptionLifecycle.apply(fact, to: state)
            total = total + SubscriptionAnalytics.moves(from: state, to: next, catalog: catalog)
            let (again, _) = SubscriptionLifecycle.apply(fact, to: next)
            if !SubscriptionAnalytics.moves(from: next, to: again, catalog: catalog).isEmpty { replaysMoveNothing = false }
            state = next
        }
        return (state, total, replaysMoveNothing)
    }

    @Test("the moves of every step add up to the final state's contribution, in any order, with duplicates", arguments: [0..<40, 40..<80])
    func orderAndReplayIndependence(_ range: Range<Int>) throws {
        for seed in FiguresPropertyTests.seeds[range] {
            var generator = LifecycleGenerator(seed: seed)
            let facts = generator.generate().compactMap(\.fact)
            let reference = Self.rollup(facts)
            let final = try #require(reference.state, "seed \(seed)")
            #expect(reference.moves == SubscriptionAnalytics.contribution(of: final, catalog: Self.catalog), "seed \(seed)")
            #expect(reference.emptyReplays, "seed \(seed): replaying a fact moved analytics")
            checkLevels(reference.moves, seed: seed)
            var random = SplitMix64(seed: seed &* 0x9E37_79B9)
            for round in 0..<2 {
                var shuffled = facts
                for fact in facts where Double.random(in: 0..<1, using: &random) < 0.3 { shuffled.append(fact) }
                shuffled.shuffle(using: &random)
                #expect(Self.rollup(shuffled).moves == reference.moves, "seed \(seed) round \(round)")
            }
        }
    }

    /// One subscription is a paid subscriber or a trial (not both) at the end of any day, its
    /// MRR is never negative, it belongs to one cohort, and it churns at most once per start.
    func checkLevels(_ moves: AnalyticsMoves, seed: UInt64) {
        var access: [Int: Int64] = [:]
        var mrr: [Int: Int64] = [:]
        var starts: Int64 = 0
        var churned: Int64 = 0
        var cohorts: Int64 = 0
        for (key, amount) in moves.sorted {
            switch key.metric {
            case .activeSubscribers, .activeTrials: access[key.day.daysSince1970, default: 0] += amount
            case .mrr: mrr[key.day.daysSince1970, default: 0] += amount
            case .newSubscribers, .reactivations: starts += amount
            case .churned: churned += amount
            case .cohortSubscribers: cohorts += amount
            default: break
            }
        }
        var level: Int64 = 0
        for day in access.keys.sorted() {
            level += access[day] ?? 0
            #expect((0...1).contains(level), "seed \(seed): \(level) subscriptions active on day \(day)")
        }
        #expect(level == 0 || level == 1, "seed \(seed)")
        var money: Int64 = 0
        for day in mrr.keys.sorted() {
            money += mrr[day] ?? 0
            #expect(money >= 0, "seed \(seed): negative MRR on day \(day)")
        }
        #expect(churned <= starts, "seed \(seed)")
        #expect(cohorts <= 1, "seed \(seed)")
    }
}

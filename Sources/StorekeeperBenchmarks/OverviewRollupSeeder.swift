import AppStoreModels
import Storekeeper
import StorekeeperStore

/// The overview rollups of an app with `customers` customers and `transactions` transactions over
/// `days` days, written through the store's own rollup writer (`addFigures`, spread over slots as
/// the write path spreads them): per day, each subscription product's active changes by phase and
/// its counts, each one-time product's refunds and each currency's revenue, proceeds and refunds.
/// The overview reads only these tables, so seeding them directly measures what 10 M purchases
/// through the purchase path (hours) would leave behind. Deterministic: the same seed every time.
struct OverviewRollupSeeder: Sendable {
    let customers: Int
    let transactions: Int

    static let subscriptionProducts = (1...8).map { "com.example.sub.\($0)" }
    static let oneTimeProducts = (1...4).map { "com.example.item.\($0)" }
    static let currencies = [
        "USD", "EUR", "GBP", "JPY", "CNY", "KRW", "INR", "BRL", "MXN", "CAD", "AUD", "CHF", "SEK", "NOK", "DKK", "PLN",
        "TRY", "RUB", "ZAR", "SGD", "HKD", "TWD", "THB", "IDR", "PHP", "VND", "SAR", "AED", "ILS", "NZD",
    ]
    /// Distinct spread keys, so the seed's rows land on every slot of a bucket.
    static let spreadKeys = (0..<8).map { "seed-\($0)" }

    /// Folds the slots of the closed days (before the day before `today`), as a running server's
    /// `figures.fold` job does within the hour; answers the days folded.
    static func foldClosedDays(_ store: any PurchaseStore, today: FigureDay) async throws -> Int {
        var folded = 0
        while true {
            let pass = try await store.write { try await $0.foldFigureSlots(before: today.adding(days: -1), limit: 64) }
            folded += pass
            if pass == 0 { return folded }
        }
    }

    /// Seeds `first...last`; answers the number of buckets written (before spreading).
    func seed(_ store: any PurchaseStore, from first: FigureDay, through last: FigureDay) async throws -> Int {
        var random = SplitMix64(seed: 17)
        // Per day: purchases spread over subscription periods (new, renewals) and one-time items.
        let days = last.daysSince1970 - first.daysSince1970 + 1
        let perDay = max(1, transactions / days)
        let perProduct = Int64(max(1, perDay / (Self.subscriptionProducts.count + Self.oneTimeProducts.count)))
        let activePerCell = Int64(max(1, customers / (Self.subscriptionProducts.count * FigurePhase.allCases.count)))
        var written = 0
        var day = first
        while day <= last {
            var moves = FigureMoves()
            func add(_ metric: FigureMetric, _ product: String, _ dimension: String, _ amount: Int64) {
                moves.add(
                    amount, to: FigureKey(environment: .production, day: day, metric: metric, productId: product, dimension: dimension))
            }
            let opening = day == first
            for product in Self.subscriptionProducts {
                for phase in FigurePhase.allCases {
                    // The first day opens the base; later days move it a little either way.
                    add(.active, product, phase.rawValue, opening ? activePerCell : Int64(random.next() % 41) - 20)
                }
                add(.new, product, "", perProduct / 4 + Int64(random.next() % 10))
                add(.renewed, product, "", perProduct * 3 / 4 + Int64(random.next() % 10))
                add(.churned, product, "", perProduct / 5 + Int64(random.next() % 10))
                add(.trialsConverted, product, "", perProduct / 10 + Int64(random.next() % 5))
                add(.refunds, product, "", 1 + Int64(random.next() % 5))
            }
            for product in Self.oneTimeProducts { add(.refunds, product, "", 1 + Int64(random.next() % 5)) }
            for currency in Self.currencies {
                let revenue = perProduct * 4_990 + Int64(random.next() % 100_000)
                add(.revenue, "", currency, revenue)
                add(.proceeds, "", currency, revenue * 7 / 10)
                add(.refunded, "", currency, Int64(random.next() % 50_000) + 990)
            }
            written += moves.amounts.count
            let parts = Self.split(moves, into: Self.spreadKeys.count)
            try await store.write { tx in
                for (index, part) in parts.enumerated() {
                    try await tx.addFigures(appId: BenchmarkStack.appId, part, spreadKey: Self.spreadKeys[index])
                }
            }
            day = day.adding(days: 1)
        }
        return written
    }

    /// `moves` cut into `count` parts that add up to it (each bucket's amount divided as evenly as
    /// integers allow).
    static func split<Key>(_ moves: RollupMoves<Key>, into count: Int) -> [RollupMoves<Key>] {
        var parts = Array(repeating: RollupMoves<Key>(), count: count)
        for (key, amount) in moves.sorted {
            let share = amount / Int64(count)
            for index in 0..<count {
                parts[index].add(index == 0 ? amount - share * Int64(count - 1) : share, to: key)
            }
        }
        return parts
    }
}

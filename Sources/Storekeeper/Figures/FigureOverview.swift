/// An overview's figures per day, computed from rollup totals (pure).
public struct FigureOverview: Hashable, Sendable {
    /// One day's figures.
    public struct Day: Hashable, Sendable {
        public var day: FigureDay
        /// Active subscriptions at the end of the day: product → phase → count (zero counts left out).
        public var active: [String: [FigurePhase: Int64]]
        /// Counted events (``FigureMetric/new``, `renewed`, `churned`, `trialsConverted`,
        /// `refunds`) and units sold (`units`): metric → product → count.
        public var counts: [FigureMetric: [String: Int64]]
        /// Money (``FigureMetric/revenue``, `proceeds`, `refunded`): metric → currency → milliunits.
        public var money: [FigureMetric: [String: Int64]]

        public init(day: FigureDay) {
            self.day = day
            self.active = [:]
            self.counts = [:]
            self.money = [:]
        }

        /// A counted metric summed over products.
        public func total(_ metric: FigureMetric) -> Int64 { counts[metric]?.values.reduce(0, +) ?? 0 }

        /// Active subscriptions summed over products and phases.
        public var activeTotal: Int64 { active.values.reduce(0) { $0 + $1.values.reduce(0, +) } }
    }

    public var days: [Day]

    /// Metrics counted per product.
    public static let countedMetrics: [FigureMetric] = [.new, .renewed, .churned, .trialsConverted, .refunds, .units]
    /// Metrics of money per currency.
    public static let moneyMetrics: [FigureMetric] = [.revenue, .proceeds, .refunded]

    /// The figures of every day in `days`: `opening` holds the active levels at the end of the day
    /// before the range (``FigureMetric/active`` sums of all earlier days), `totals` the buckets
    /// of the days in the range. Totals outside the range, and unknown metrics or phases (written
    /// by a later version), are ignored.
    public init(days: ClosedRange<FigureDay>, opening: [FigureTotal], totals: [FigureTotal]) {
        var level: [String: [FigurePhase: Int64]] = [:]
        for total in opening where total.metric == .active {
            guard let phase = FigurePhase(rawValue: total.dimension) else { continue }
            level[total.productId, default: [:]][phase, default: 0] += total.value
        }
        var byDay: [Int: [FigureTotal]] = [:]
        for total in totals where days.contains(total.day) {
            byDay[total.day.daysSince1970, default: []].append(total)
        }
        var result: [Day] = []
        result.reserveCapacity(days.upperBound.daysSince1970 - days.lowerBound.daysSince1970 + 1)
        for number in days.lowerBound.daysSince1970...days.upperBound.daysSince1970 {
            var day = Day(day: FigureDay(daysSince1970: number))
            for total in byDay[number] ?? [] {
                if total.metric == .active {
                    guard let phase = FigurePhase(rawValue: total.dimension) else { continue }
                    level[total.productId, default: [:]][phase, default: 0] += total.value
                } else if Self.countedMetrics.contains(total.metric) {
                    day.counts[total.metric, default: [:]][total.productId, default: 0] += total.value
                } else if Self.moneyMetrics.contains(total.metric) {
                    day.money[total.metric, default: [:]][total.dimension, default: 0] += total.value
                }
            }
            day.active = level.compactMapValues { phases in
                let nonZero = phases.filter { $0.value != 0 }
                return nonZero.isEmpty ? nil : nonZero
            }
            result.append(day)
        }
        self.days = result
    }
}

/// Monthly cohorts of subscriptions with their retention and realised revenue, computed from
/// analytics rollup totals (pure).
public struct CohortTable: Hashable, Sendable {
    /// One age of a cohort.
    public struct Cell: Hashable, Sendable {
        /// Months since each subscriber's start.
        public var age: Int
        /// Subscribers with access at some instant of their `age`-th month.
        public var retained: Int64
        /// Realised revenue (net of refunds) through this age, per currency, milliunits.
        public var cumulativeRevenue: [String: Int64]

        /// `retained` over the cohort's subscribers.
        public func retention(of cohort: Cohort) -> Double? {
            cohort.subscribers > 0 ? Double(retained) / Double(cohort.subscribers) : nil
        }

        /// Realised revenue per subscriber to date (LTV to date), per currency, milliunits rounded down.
        public func lifetimeValue(of cohort: Cohort) -> [String: Int64] {
            guard cohort.subscribers > 0 else { return [:] }
            return cumulativeRevenue.mapValues { $0 / cohort.subscribers }
        }
    }

    /// The subscriptions whose first period (trial or paid) started in one month.
    public struct Cohort: Hashable, Sendable {
        public var month: FigureDay
        public var subscribers: Int64
        /// Ages 0 through the one that began by the table's `asOf` month.
        public var cells: [Cell]
    }

    public var cohorts: [Cohort]

    /// The cohorts of the months `first` through the month of `last` (at most that of `asOf`),
    /// each with the ages whose month has begun by `asOf`'s month, from `totals` (cohort cells
    /// whose `day` is the cohort month). Totals outside `filter` (matched on the subscription's
    /// first period) or of other metrics are ignored.
    public init(first: FigureDay, last: FigureDay, asOf: FigureDay, filter: AnalyticsFilter, totals: [AnalyticsTotal]) {
        let asOfMonth = asOf.monthStart
        let lastMonth = min(last.monthStart, asOfMonth)
        var subscribers: [FigureDay: Int64] = [:]
        var retained: [FigureDay: [Int: Int64]] = [:]
        var revenue: [FigureDay: [Int: [String: Int64]]] = [:]
        for total in totals where filter.matches(total.segment) {
            switch total.metric {
            case .cohortSubscribers: subscribers[total.day, default: 0] += total.value
            case .cohortRetained: retained[total.day, default: [:]][total.age, default: 0] += total.value
            case .cohortRevenue: revenue[total.day, default: [:]][total.age, default: [:]][total.dimension, default: 0] += total.value
            default: break
            }
        }
        var cohorts: [Cohort] = []
        var month = first.monthStart
        while month <= lastMonth {
            let ages = FigureMonths.between(month, asOfMonth)
            var running: [String: Int64] = [:]
            var cells: [Cell] = []
            for age in 0...ages {
                for (currency, amount) in revenue[month]?[age] ?? [:] { running[currency, default: 0] += amount }
                cells.append(
                    Cell(age: age, retained: retained[month]?[age] ?? 0, cumulativeRevenue: running.filter { $0.value != 0 }))
            }
            cohorts.append(Cohort(month: month, subscribers: subscribers[month] ?? 0, cells: cells))
            month = FigureMonths.month(1, after: month)
        }
        self.cohorts = cohorts
    }
}

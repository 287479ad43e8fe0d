/// An app's subscription figures month by month, computed from analytics rollup totals (pure).
public struct AnalyticsSummary: Hashable, Sendable {
    /// One month's figures.
    public struct Month: Hashable, Sendable {
        /// The month's first day.
        public var month: FigureDay
        /// Levels at the month's end (or at ``AnalyticsSummary/asOf`` in its month).
        public var activeSubscribers: Int64 = 0
        public var activeTrials: Int64 = 0
        /// Per currency, milliunits.
        public var mrr: [String: Int64] = [:]
        /// Paid subscribers at the month's start (the churn rate's denominator).
        public var startingSubscribers: Int64 = 0
        /// Flow counts (``AnalyticsMetric/flows`` but revenue).
        public var counts: [AnalyticsMetric: Int64] = [:]
        /// Realised revenue net of refunds per currency, milliunits.
        public var revenue: [String: Int64] = [:]

        public init(month: FigureDay) { self.month = month }

        public func count(_ metric: AnalyticsMetric) -> Int64 { counts[metric] ?? 0 }
        public var churnRate: Double? { Self.rate(count(.churned), startingSubscribers) }
        public var trialConversion: Double? { Self.rate(count(.trialsConverted), count(.trialsStarted)) }
        public var introConversion: Double? { Self.rate(count(.introsConverted), count(.introsStarted)) }
        public var refundRate: Double? { Self.rate(count(.refunds), count(.payments)) }

        static func rate(_ part: Int64, _ whole: Int64) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }
    }

    public var months: [Month]
    /// The day the last month's levels are taken at.
    public var asOf: FigureDay

    /// The figures of the months `first` through the month of `asOf`.
    /// - `opening`: level totals summed over every month before `first`;
    /// - `monthly`: level changes and flows of the months in the range (`day` the month's first day);
    /// - `lastDays`: level changes of the days of `asOf`'s month up to and including `asOf`.
    /// Totals outside the range, outside `filter`, or of metrics this version does not know are ignored.
    public init(
        first: FigureDay, asOf: FigureDay, filter: AnalyticsFilter, opening: [AnalyticsTotal], monthly: [AnalyticsTotal],
        lastDays: [AnalyticsTotal]
    ) {
        self.asOf = asOf
        let firstMonth = first.monthStart
        let lastMonth = asOf.monthStart
        var level = Month(month: firstMonth)
        func addLevel(_ total: AnalyticsTotal, to month: inout Month) {
            switch total.metric {
            case .activeSubscribers: month.activeSubscribers += total.value
            case .activeTrials: month.activeTrials += total.value
            case .mrr: month.mrr[total.dimension, default: 0] += total.value
            default: break
            }
        }
        for total in opening where filter.matches(total.segment) { addLevel(total, to: &level) }
        var byMonth: [FigureDay: [AnalyticsTotal]] = [:]
        for total in monthly where filter.matches(total.segment) && total.day >= firstMonth && total.day <= lastMonth {
            byMonth[total.day, default: []].append(total)
        }
        var result: [Month] = []
        var month = firstMonth
        while month <= lastMonth {
            var point = Month(month: month)
            point.startingSubscribers = level.activeSubscribers
            let changes =
                month == lastMonth ? lastDays.filter { filter.matches($0.segment) && $0.day.monthStart == month && $0.day <= asOf } : []
            for total in byMonth[month] ?? [] {
                switch total.metric.grain {
                case .level?: if month != lastMonth { addLevel(total, to: &level) }
                case .flow?:
                    if total.metric == .revenue {
                        point.revenue[total.dimension, default: 0] += total.value
                    } else {
                        point.counts[total.metric, default: 0] += total.value
                    }
                default: break
                }
            }
            for total in changes where total.metric.grain == .level { addLevel(total, to: &level) }
            point.activeSubscribers = level.activeSubscribers
            point.activeTrials = level.activeTrials
            point.mrr = level.mrr.filter { $0.value != 0 }
            point.counts = point.counts.filter { $0.value != 0 }
            point.revenue = point.revenue.filter { $0.value != 0 }
            result.append(point)
            month = FigureMonths.month(1, after: month)
        }
        months = result
    }

    /// The range's flows summed.
    public func total(_ metric: AnalyticsMetric) -> Int64 { months.reduce(0) { $0 + $1.count(metric) } }
    /// Revenue over the range per currency.
    public var revenue: [String: Int64] {
        months.reduce(into: [:]) { sums, month in
            for (currency, amount) in month.revenue { sums[currency, default: 0] += amount }
        }.filter { $0.value != 0 }
    }
    /// Churned over the sum of each month's starting subscribers.
    public var churnRate: Double? { Month.rate(total(.churned), months.reduce(0) { $0 + $1.startingSubscribers }) }
    public var trialConversion: Double? { Month.rate(total(.trialsConverted), total(.trialsStarted)) }
    public var introConversion: Double? { Month.rate(total(.introsConverted), total(.introsStarted)) }
    public var refundRate: Double? { Month.rate(total(.refunds), total(.payments)) }
}

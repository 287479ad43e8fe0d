import AppStoreModels

/// Which analytics buckets a subscription's facts fill: a pure function of its state and the
/// catalog's billing periods, like ``SubscriptionFigures`` for the overview.
///
/// A new fact moves the rollups by ``moves(from:to:catalog:)``, the difference between what the
/// state contributes after and before; ``SubscriptionState`` merges facts commutatively and
/// idempotently, so replays move nothing and arrival order does not change the figures.
///
/// - Family Sharing copies and a group's assigned seats are access nobody paid for: they count
///   nowhere (the purchaser's subscription counts once, with every seat's price).
/// - Trials (a free-trial offer, or an offer at price 0) are counted as trials, never in MRR or
///   as paid subscribers.
/// - A subscription's access is its periods' spans (each up to its expiry, revocation or the next
///   period) and, while Apple reports a grace period, the grace period. Continuous access is one
///   window: its start is new (the first) or a reactivation (a later one), its end churn once
///   access lapsed (a later window started, or Apple said the subscription expired or was revoked).
public enum SubscriptionAnalytics {
    /// What applying a fact that turned `previous` into `next` adds to the rollups.
    public static func moves(from previous: SubscriptionState?, to next: SubscriptionState, catalog: Catalog) -> AnalyticsMoves {
        contribution(of: next, catalog: catalog) - (previous.map { contribution(of: $0, catalog: catalog) } ?? AnalyticsMoves())
    }

    /// How a period is counted.
    enum Kind { case trial, intro, regular }

    static func kind(of period: PaidPeriod) -> Kind {
        guard let offer = period.offer else { return .regular }
        if offer.discountType == .freeTrial || (offer.discountType == nil && period.price == 0) { return .trial }
        return offer.type == .introductoryOffer ? .intro : .regular
    }

    static func isCopy(_ period: PaidPeriod) -> Bool { period.ownership == .familyShared || period.ownership == .assigned }

    /// Months of cohort retention counted at most (a bound on a malformed expiry, not a business rule).
    static let maximumAge = 600

    /// Everything `state` contributes to the analytics rollups.
    public static func contribution(of state: SubscriptionState, catalog: Catalog) -> AnalyticsMoves {
        let view = state.view
        var moves = Builder(environment: state.environment)
        guard let current = view.periods.last, !isCopy(current) else { return moves.moves }
        let periods = view.periods.filter { $0.accessEnd > $0.purchaseDate && !isCopy($0) }
        guard let first = periods.first, let lastIndex = periods.indices.last else { return moves.moves }
        var ends = periods.map(\.accessEnd)
        var ended = false
        switch view.phase {
        case .gracePeriod(let graceEnd) where periods[lastIndex] == current:
            ends[lastIndex] = max(ends[lastIndex], graceEnd ?? current.accessEnd.adding(milliseconds: SubscriptionFigures.retryHorizon))
        case .expired, .revoked:
            ended = true
        default:
            break
        }
        let cohort = FigureDay(containing: first.purchaseDate).monthStart
        let entry = AnalyticsSegment(first)
        moves.add(.cohortSubscribers, day: cohort, segment: entry)

        for (index, period) in periods.enumerated() {
            let segment = AnalyticsSegment(period)
            guard kind(of: period) != .trial else {
                moves.span(.activeTrials, segment: segment, from: period.purchaseDate, to: ends[index])
                continue
            }
            moves.span(.activeSubscribers, segment: segment, from: period.purchaseDate, to: ends[index])
            guard let transaction = state.transactions[period.transactionId], let sale = Sale(transaction), sale.amount > 0 else {
                continue
            }
            let net = sale.amount - sale.refundedAmount
            let billing = MonthlyPrice.billingPeriod(of: period, productDuration: catalog[period.productId]?.duration)
            if net > 0, let billing, let monthly = MonthlyPrice.normalised(net, per: billing), monthly > 0 {
                moves.span(.mrr, segment: segment, dimension: sale.currency, from: period.purchaseDate, to: ends[index], by: monthly)
            }
            let month = FigureDay(containing: period.purchaseDate).monthStart
            moves.add(.payments, day: month, segment: segment)
            if sale.refundedUnits > 0 { moves.add(.refunds, day: month, segment: segment) }
            moves.add(.revenue, day: month, segment: segment, dimension: sale.currency, by: net)
            moves.add(
                .cohortRevenue, day: cohort, age: age(of: period.purchaseDate, since: first.purchaseDate), segment: entry,
                dimension: sale.currency, by: net)
        }

        let windows = accessWindows(periods, ends: ends)
        for (number, window) in windows.enumerated() {
            let opening = periods[window.periods.lowerBound]
            let closing = periods[window.periods.upperBound]
            moves.add(
                number == 0 ? .newSubscribers : .reactivations, day: month(of: opening.purchaseDate), segment: AnalyticsSegment(opening))
            let lapsed = number < windows.count - 1 || ended
            if lapsed, periods[window.periods].contains(where: { kind(of: $0) != .trial }) {
                moves.add(.churned, day: month(of: window.end), segment: AnalyticsSegment(closing))
            }
            countOffers(in: periods, window.periods, into: &moves)
        }

        var age = 0
        while age < maximumAge {
            let monthStart = FigureMonths.adding(age, to: first.purchaseDate)
            guard let end = windows.last?.end, monthStart < end else { break }
            let monthEnd = FigureMonths.adding(age + 1, to: first.purchaseDate)
            if windows.contains(where: { $0.start < monthEnd && $0.end > monthStart }) {
                moves.add(.cohortRetained, day: cohort, age: age, segment: entry)
            }
            age += 1
        }
        return moves.moves
    }

    /// The subscriber's age in months at `instant`: k when `instant` falls in
    /// [start + k months, start + k+1 months).
    static func age(of instant: Timestamp, since start: Timestamp) -> Int {
        var age = max(0, FigureMonths.between(FigureDay(containing: start), FigureDay(containing: instant)))
        while age > 0, FigureMonths.adding(age, to: start) > instant { age -= 1 }
        return age
    }

    static func month(of instant: Timestamp) -> FigureDay { FigureDay(containing: instant).monthStart }

    struct Window {
        var periods: ClosedRange<Int>
        var start: Timestamp
        var end: Timestamp
    }

    /// Spans of continuous access: a period starting before the access so far ended continues it.
    static func accessWindows(_ periods: [PaidPeriod], ends: [Timestamp]) -> [Window] {
        var windows: [Window] = []
        for (index, period) in periods.enumerated() {
            if let last = windows.last, period.purchaseDate <= last.end {
                windows[windows.count - 1] = Window(
                    periods: last.periods.lowerBound...index, start: last.start, end: max(last.end, ends[index]))
            } else {
                windows.append(Window(periods: index...index, start: period.purchaseDate, end: ends[index]))
            }
        }
        return windows
    }

    /// Each run of trial periods is a trial started in its first period's month, converted when a
    /// paid period follows in the window; each run of paid introductory periods likewise, converted
    /// when a regular period follows.
    static func countOffers(in periods: [PaidPeriod], _ range: ClosedRange<Int>, into moves: inout Builder) {
        var index = range.lowerBound
        while index <= range.upperBound {
            let kind = Self.kind(of: periods[index])
            var last = index
            while last < range.upperBound, Self.kind(of: periods[last + 1]) == kind { last += 1 }
            let next = last < range.upperBound ? Self.kind(of: periods[last + 1]) : nil
            let segment = AnalyticsSegment(periods[index])
            let month = Self.month(of: periods[index].purchaseDate)
            switch kind {
            case .trial:
                moves.add(.trialsStarted, day: month, segment: segment)
                if next != nil { moves.add(.trialsConverted, day: month, segment: segment) }
            case .intro:
                moves.add(.introsStarted, day: month, segment: segment)
                if next == .regular { moves.add(.introsConverted, day: month, segment: segment) }
            case .regular:
                break
            }
            index = last + 1
        }
    }

    /// Adds moves of one environment.
    struct Builder {
        let environment: AppStoreEnvironment
        var moves = AnalyticsMoves()

        mutating func add(
            _ metric: AnalyticsMetric, day: FigureDay, age: Int = 0, segment: AnalyticsSegment, dimension: String = "", by amount: Int64 = 1
        ) {
            moves.add(
                amount,
                to: AnalyticsKey(environment: environment, metric: metric, day: day, age: age, segment: segment, dimension: dimension))
        }

        /// A level's span: +`amount` on the day it starts, −`amount` on the day it ends.
        mutating func span(
            _ metric: AnalyticsMetric, segment: AnalyticsSegment, dimension: String = "", from start: Timestamp, to end: Timestamp,
            by amount: Int64 = 1
        ) {
            guard end > start else { return }
            add(metric, day: FigureDay(containing: start), segment: segment, dimension: dimension, by: amount)
            add(metric, day: FigureDay(containing: end), segment: segment, dimension: dimension, by: -amount)
        }
    }
}

package import Storekeeper
package import StorekeeperAPIModels

extension AnalyticsService {
    /// ``summary(_:)`` as the admin API answers it.
    package func summaryResponse(_ query: Query) async throws -> AnalyticsSummaryResponse {
        let summary = try await summary(query)
        let months = summary.months.map { month in
            AnalyticsFiguresBody(month: month, label: Self.monthText(month.month))
        }
        let last = summary.months.last
        let totals = AnalyticsFiguresBody(
            month: nil, activeSubscribers: last?.activeSubscribers ?? 0, activeTrials: last?.activeTrials ?? 0,
            mrr: Self.money(last?.mrr ?? [:]), arr: Self.money((last?.mrr ?? [:]).mapValues { $0 * 12 }),
            startingSubscribers: summary.months.reduce(0) { $0 + $1.startingSubscribers },
            newSubscribers: summary.total(.newSubscribers), reactivations: summary.total(.reactivations),
            churned: summary.total(.churned), trialsStarted: summary.total(.trialsStarted),
            trialsConverted: summary.total(.trialsConverted), introsStarted: summary.total(.introsStarted),
            introsConverted: summary.total(.introsConverted), payments: summary.total(.payments), refunds: summary.total(.refunds),
            revenue: Self.money(summary.revenue), churnRate: summary.churnRate, trialConversion: summary.trialConversion,
            introConversion: summary.introConversion, refundRate: summary.refundRate)
        return AnalyticsSummaryResponse(
            appId: appId, environment: query.environment.rawValue, from: Self.monthText(summary.months.first?.month ?? query.first),
            to: Self.monthText(summary.asOf), asOf: summary.asOf.description, filter: AnalyticsFilterBody(query.filter),
            months: months, totals: totals)
    }

    /// ``cohorts(_:)`` as the admin API answers it.
    package func cohortsResponse(_ query: Query) async throws -> AnalyticsCohortsResponse {
        let table = try await cohorts(query)
        let cohorts = table.cohorts.map { cohort in
            AnalyticsCohortBody(
                month: Self.monthText(cohort.month), subscribers: cohort.subscribers,
                ages: cohort.cells.map { cell in
                    AnalyticsCohortCellBody(
                        age: cell.age, retained: cell.retained, retention: cell.retention(of: cohort),
                        revenue: Self.money(cell.cumulativeRevenue), lifetimeValue: Self.money(cell.lifetimeValue(of: cohort)))
                })
        }
        let last = min(query.last, today.monthStart)
        return AnalyticsCohortsResponse(
            appId: appId, environment: query.environment.rawValue, from: Self.monthText(min(query.first, last)),
            to: Self.monthText(last), asOf: today.description, filter: AnalyticsFilterBody(query.filter), cohorts: cohorts)
    }

    /// `YYYY-MM`.
    package static func monthText(_ day: FigureDay) -> String { String(day.description.prefix(7)) }

    static func money(_ amounts: [String: Int64]) -> [AnalyticsMoney] {
        amounts.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { AnalyticsMoney(currency: $0.key, amount: $0.value) }
    }
}

extension AnalyticsFiguresBody {
    init(month: AnalyticsSummary.Month, label: String) {
        self.init(
            month: label, activeSubscribers: month.activeSubscribers, activeTrials: month.activeTrials,
            mrr: AnalyticsService.money(month.mrr), arr: AnalyticsService.money(month.mrr.mapValues { $0 * 12 }),
            startingSubscribers: month.startingSubscribers, newSubscribers: month.count(.newSubscribers),
            reactivations: month.count(.reactivations), churned: month.count(.churned), trialsStarted: month.count(.trialsStarted),
            trialsConverted: month.count(.trialsConverted), introsStarted: month.count(.introsStarted),
            introsConverted: month.count(.introsConverted), payments: month.count(.payments), refunds: month.count(.refunds),
            revenue: AnalyticsService.money(month.revenue), churnRate: month.churnRate, trialConversion: month.trialConversion,
            introConversion: month.introConversion, refundRate: month.refundRate)
    }
}

extension AnalyticsFilterBody {
    init(_ filter: AnalyticsFilter) {
        self.init(productId: filter.productId, storefront: filter.storefront, offer: filter.offer)
    }
}

package import AppStoreModels
package import Storekeeper
package import StorekeeperStore

/// An app's subscription analytics, read from the rollups the writes keep
/// (``SubscriptionAnalytics`` through ``OverviewRollup``): a few index range reads over months,
/// whatever the number of customers.
package struct AnalyticsService: Sendable {
    package let store: any PurchaseStore
    package let appId: String
    package let now: any WallClock

    package init(store: any PurchaseStore, appId: String, now: any WallClock) {
        self.store = store
        self.appId = appId
        self.now = now
    }

    /// The longest range one request may ask for, in months.
    package static let maximumMonths = 60
    /// The default range: the last 12 months, this one included.
    package static let defaultMonths = 12

    /// A checked request: its months, environment and filter.
    package struct Query: Hashable, Sendable {
        package var first: FigureDay
        package var last: FigureDay
        package var environment: AppStoreEnvironment
        package var filter: AnalyticsFilter
    }

    /// Checks a request's parameters: `from` and `to` months as `YYYY-MM` (or days as
    /// `YYYY-MM-DD`, taken as their month), `from` ≤ `to`, at most ``maximumMonths``; `to`
    /// defaults to this month (UTC), `from` to ``defaultMonths`` months ending with `to`.
    package static func query(
        from: String?, to: String?, environment: String?, product: String?, storefront: String?, offer: String?, today: FigureDay
    ) throws -> Query {
        func month(_ text: String?, _ name: String) throws -> FigureDay? {
            guard let text else { return nil }
            guard let day = FigureDay(iso: text.count == 7 ? text + "-01" : text) else {
                throw StorekeeperError.invalidRequest("\(name) must be a month as YYYY-MM")
            }
            return day.monthStart
        }
        let last = try month(to, "to") ?? today.monthStart
        let first = try month(from, "from") ?? FigureMonths.month(1 - defaultMonths, after: last)
        guard first <= last else { throw StorekeeperError.invalidRequest("from must not be after to") }
        guard FigureMonths.between(first, last) < maximumMonths else {
            throw StorekeeperError.invalidRequest("a range covers at most \(maximumMonths) months")
        }
        let chosen = environment.map(AppStoreEnvironment.init(rawValue:)) ?? .production
        guard OverviewService.environments.contains(chosen) else {
            throw StorekeeperError.invalidRequest(
                "environment must be one of \(OverviewService.environments.map(\.rawValue).joined(separator: ", "))")
        }
        func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        return Query(
            first: first, last: last, environment: chosen,
            filter: AnalyticsFilter(productId: nonEmpty(product), storefront: nonEmpty(storefront), offer: nonEmpty(offer)))
    }

    /// The day the current figures are taken at: today (UTC).
    package var today: FigureDay { FigureDay(containing: now.timestamp) }

    /// The months of `query` up to this one: levels at each month's end (today in this month),
    /// flows and rates per month.
    package func summary(_ query: Query) async throws -> AnalyticsSummary {
        let asOf = min(today, FigureMonths.month(1, after: query.last).adding(days: -1))
        let first = min(query.first, asOf.monthStart)
        let (opening, monthly, lastDays) = try await store.read { reader in
            (
                try await reader.analyticsLevels(appId: appId, environment: query.environment, before: first),
                try await reader.analyticsMonths(appId: appId, environment: query.environment, months: first...asOf.monthStart),
                try await reader.analyticsDays(appId: appId, environment: query.environment, days: asOf.monthStart...asOf)
            )
        }
        return AnalyticsSummary(first: first, asOf: asOf, filter: query.filter, opening: opening, monthly: monthly, lastDays: lastDays)
    }

    /// The cohorts of the months of `query` up to this one, each with its ages to this month.
    package func cohorts(_ query: Query) async throws -> CohortTable {
        let asOf = today
        let last = min(query.last, asOf.monthStart)
        let first = min(query.first, last)
        let totals = try await store.read { reader in
            try await reader.analyticsCohorts(appId: appId, environment: query.environment, cohorts: first...last)
        }
        return CohortTable(first: first, last: last, asOf: asOf, filter: query.filter, totals: totals)
    }
}

import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// The Analytics page: the admin API's subscription analytics (``AnalyticsService``, the same
/// rollups as `GET /v1/admin/apps/{app}/analytics/summary` and `…/cohorts`) as server-drawn SVG
/// charts by month, a table of the months, the cohort table, filters and CSV downloads.
extension ConsoleRoutes {
    package struct AnalyticsPage {
        package typealias Choice = OverviewPage.Choice
        package typealias Fact = OverviewPage.Fact

        package let environment: String
        package let from: String
        package let to: String
        package let asOf: String
        package let storefront: String
        package let offer: String
        package let environments: [Choice]
        package let products: [Choice]
        package let currencies: [Choice]
        package let currency: String
        package let hasCurrency: Bool
        package let totals: [Fact]
        package let charts: [ConsoleChart]
        package let monthHeaders: [String]
        /// The months' table rows and the cohort table's, written whole (``ConsoleMarkup``).
        package let monthRows: String
        package let cohortHeaders: [String]
        package let cohortRows: String
        package let noCohorts: Bool
        package let summaryCSV: String
        package let cohortsCSV: String
    }

    @Sendable package func analyticsPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let (service, query) = try analyticsQuery(request, call)
        let summary = try await service.summaryResponse(query)
        let cohorts = try await service.cohortsResponse(query)
        let parameters = request.uri.queryParameters
        let currencies = Set((summary.months.flatMap(\.mrr) + summary.totals.revenue).map(\.currency)).sorted()
        let currency = parameters.get("currency").flatMap { currencies.contains($0) ? $0 : nil } ?? Self.largest(summary) ?? ""
        let served = Self.environments(of: call.services.runtime.config)
        let products = call.services.runtime.config.catalog.products.filter { $0.kind == .autoRenewableSubscription }.map(\.id).sorted()
        let csvQuery = Self.analyticsQueryString(query)
        let page = AnalyticsPage(
            environment: query.environment.rawValue, from: summary.from, to: summary.to, asOf: summary.asOf,
            storefront: query.filter.storefront ?? "", offer: query.filter.offer ?? "",
            environments: served.map { .init(value: $0.rawValue, label: $0.rawValue, selected: $0 == query.environment) },
            products: [.init(value: "", label: "All products", selected: query.filter.productId == nil)]
                + products.map { .init(value: $0, label: $0, selected: $0 == query.filter.productId) },
            currencies: currencies.map { .init(value: $0, label: $0, selected: $0 == currency) }, currency: currency,
            hasCurrency: !currency.isEmpty,
            totals: Self.analyticsTotals(summary.totals), charts: Self.analyticsCharts(summary, currency: currency),
            monthHeaders: Self.monthHeaders(currency), monthRows: Self.monthRows(summary, currency: currency),
            cohortHeaders: Self.cohortHeaders(cohorts), cohortRows: Self.cohortRows(cohorts, currency: currency),
            noCohorts: cohorts.cohorts.allSatisfy { $0.subscribers == 0 },
            summaryCSV: ConsolePaths.app(call.appId, .analytics) + "/summary.csv" + csvQuery,
            cohortsCSV: ConsolePaths.app(call.appId, .analytics) + "/cohorts.csv" + csvQuery)
        return try templates.page("analytics", page, frame: frame("Analytics · \(call.appId)", call, .analytics))
    }

    /// `…/analytics/summary.csv` and `…/analytics/cohorts.csv`: the admin API's CSV for the same filters.
    @Sendable package func analyticsSummaryCSV(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let (service, query) = try analyticsQuery(request, call)
        return AdminAPI.csv(try await service.summaryResponse(query).csv(), filename: "analytics-summary-\(call.appId).csv")
    }

    @Sendable package func analyticsCohortsCSV(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let (service, query) = try analyticsQuery(request, call)
        return AdminAPI.csv(try await service.cohortsResponse(query).csv(), filename: "analytics-cohorts-\(call.appId).csv")
    }

    private func analyticsQuery(_ request: Request, _ call: AppCall) throws -> (AnalyticsService, AnalyticsService.Query) {
        let parameters = request.uri.queryParameters
        func given(_ name: String) -> String? { parameters.get(name).flatMap { $0.isEmpty ? nil : $0 } }
        let environment = given("environment") ?? Self.environments(of: call.services.runtime.config).first?.rawValue
        let query = try AnalyticsService.query(
            from: given("from"), to: given("to"), environment: environment, product: given("product"),
            storefront: given("storefront"), offer: given("offer"), today: FigureDay(containing: now()))
        return (AnalyticsService(store: store, appId: call.appId, now: now), query)
    }

    static func analyticsQueryString(_ query: AnalyticsService.Query) -> String {
        let pairs: [(String, String?)] = [
            ("environment", query.environment.rawValue), ("from", AnalyticsService.monthText(query.first)),
            ("to", AnalyticsService.monthText(query.last)), ("product", query.filter.productId),
            ("storefront", query.filter.storefront), ("offer", query.filter.offer),
        ]
        return "?" + pairs.compactMap { name, value in value.map { "\(name)=\(ConsolePaths.query($0))" } }.joined(separator: "&")
    }

    /// The currency with the most MRR at the end (else revenue): the one charted by default.
    static func largest(_ summary: AnalyticsSummaryResponse) -> String? {
        let amounts = summary.totals.mrr.isEmpty ? summary.totals.revenue : summary.totals.mrr
        return amounts.max { ($0.amount, $1.currency) < ($1.amount, $0.currency) }?.currency
    }

    static func analyticsTotals(_ totals: AnalyticsFiguresBody) -> [AnalyticsPage.Fact] {
        totals.mrr.map { .init(label: "MRR \($0.currency)", value: ConsoleFormat.milliunits($0.amount, $0.currency)) }
            + totals.arr.map { .init(label: "ARR \($0.currency)", value: ConsoleFormat.milliunits($0.amount, $0.currency)) }
            + [
                .init(label: "Active subscribers", value: String(totals.activeSubscribers)),
                .init(label: "Active trials", value: String(totals.activeTrials)),
                .init(label: "New", value: String(totals.newSubscribers)),
                .init(label: "Reactivated", value: String(totals.reactivations)),
                .init(label: "Churned", value: String(totals.churned)),
                .init(label: "Monthly churn rate", value: percent(totals.churnRate)),
                .init(label: "Trial conversion", value: "\(percent(totals.trialConversion)) of \(totals.trialsStarted)"),
                .init(label: "Intro offer conversion", value: "\(percent(totals.introConversion)) of \(totals.introsStarted)"),
                .init(label: "Refund rate", value: "\(percent(totals.refundRate)) (\(totals.refunds) of \(totals.payments))"),
            ]
            + totals.revenue.map { .init(label: "Revenue \($0.currency)", value: ConsoleFormat.milliunits($0.amount, $0.currency)) }
    }

    static func analyticsCharts(_ summary: AnalyticsSummaryResponse, currency: String) -> [ConsoleChart] {
        let months = summary.months.compactMap(\.month)
        func amount(_ money: [AnalyticsMoney]) -> Int64 { money.first { $0.currency == currency }?.amount ?? 0 }
        var charts = [
            ConsoleChart(
                id: "chart-subscribers", title: "Active subscribers and trials", style: .lines, days: months,
                series: [("Paid subscribers", summary.months.map(\.activeSubscribers)), ("Trials", summary.months.map(\.activeTrials))],
                period: .month),
            ConsoleChart(
                id: "chart-movement", title: "New, reactivated and churned", style: .lines, days: months,
                series: [
                    ("New", summary.months.map(\.newSubscribers)), ("Reactivated", summary.months.map(\.reactivations)),
                    ("Churned", summary.months.map(\.churned)),
                ], period: .month),
        ]
        if !currency.isEmpty {
            charts.insert(
                ConsoleChart(
                    id: "chart-mrr", title: "MRR and revenue in \(currency)", style: .lines, unit: .milliunits, days: months,
                    series: [("MRR", summary.months.map { amount($0.mrr) }), ("Revenue", summary.months.map { amount($0.revenue) })],
                    period: .month),
                at: 0)
        }
        return charts
    }
}

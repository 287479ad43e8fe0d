package import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperApplication
package import StorekeeperHTTP

/// The overview: the admin API's figures (``OverviewService``, the same rollups as
/// `GET /v1/admin/apps/{app}/overview` and `…/overview/operations`) as server-drawn SVG charts
/// for the last 30 or 90 days of one environment, and the last 24 hours of operations.
extension ConsoleRoutes {
    package struct OverviewPage {
        package struct Choice {
            package let value: String
            package let label: String
            package let selected: Bool
        }

        package struct Fact {
            package let label: String
            package let value: String
        }

        package let environment: String
        package let from: String
        package let to: String
        package let ranges: [Choice]
        package let environments: [Choice]
        /// The range's currencies, the charted one selected (none without revenue).
        package let currencies: [Choice]
        package let totals: [Fact]
        package let charts: [ConsoleChart]
        package let revenueCharts: [ConsoleChart]
        package let noRevenue: Bool
        package let operations: OperationsCard
        /// Real-time retention over the last 30 days (``RetentionFiguresBody``), with its page.
        package let retention: [Fact]
        package let retentionHref: String
    }

    /// The ranges the page offers, in days.
    package static let overviewRanges = [30, 90]

    @Sendable package func overviewPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let query = request.uri.queryParameters
        let length =
            try query.get("days").map { raw in
                guard let days = Int(raw), Self.overviewRanges.contains(days) else {
                    throw StorekeeperError.invalidRequest("days must be 30 or 90")
                }
                return days
            } ?? Self.overviewRanges[0]
        let served = Self.environments(of: call.services.runtime.config)
        let environmentName = query.get("environment").flatMap { $0.isEmpty ? nil : $0 } ?? served.first?.rawValue
        let today = FigureDay(containing: now())
        let (days, environment) = try OverviewService.query(
            from: today.adding(days: 1 - length).description, to: today.description, environment: environmentName, today: today)
        let service = OverviewService(store: store, appId: call.appId, now: now)
        let figures = try await service.overview(days: days, environment: environment)
        let currency = Self.chartedCurrency(query.get("currency"), in: figures.totals.revenue)
        let configured = call.services.runtime.apple.map { !$0.serverAPI.isEmpty } ?? false
        let operations = try await service.operations(serverAPIConfigured: configured)
        let page = OverviewPage(
            environment: environment.rawValue, from: figures.from, to: figures.to,
            ranges: Self.overviewRanges.map { .init(value: String($0), label: "Last \($0) days", selected: $0 == length) },
            environments: served.map { .init(value: $0.rawValue, label: $0.rawValue, selected: $0 == environment) },
            currencies: figures.totals.revenue.map { .init(value: $0.currency, label: $0.currency, selected: $0.currency == currency) },
            totals: Self.totals(figures.totals), charts: Self.charts(figures),
            revenueCharts: currency.map { [Self.revenueChart(figures, currency: $0)] } ?? [],
            noRevenue: figures.totals.revenue.isEmpty, operations: OperationsCard(operations),
            retention: Self.retentionFacts(
                try await admin.operatorActions.retentionFigures(AdminCall(services: call.services, operator: call.account))),
            retentionHref: ConsolePaths.app(call.appId, .retention))
        return try templates.page("overview", page, frame: frame("Overview · \(call.appId)", call, .overview))
    }

    /// The environments of an app, Production first.
    package static func environments(of app: AppConfiguration) -> [AppStoreEnvironment] {
        app.environments.filter { OverviewService.environments.contains($0) }.sorted { first, second in
            (first == .production ? 0 : 1, first.rawValue) < (second == .production ? 0 : 1, second.rawValue)
        }
    }

    package static func totals(_ totals: OverviewResponse.Totals) -> [OverviewPage.Fact] {
        [
            .init(label: "New subscriptions", value: String(totals.new)),
            .init(label: "Renewals", value: String(totals.renewed)),
            .init(label: "Churned", value: String(totals.churned)),
            .init(label: "Trials converted", value: String(totals.trialsConverted)),
            .init(label: "Refunds", value: String(totals.refunds)),
            .init(label: "Units sold", value: String(totals.units)),
        ]
            + totals.revenue.map { revenue in
                .init(
                    label: "Revenue \(revenue.currency) (estimated proceeds)",
                    value: ConsoleFormat.milliunits(revenue.customerPrice, revenue.currency) + " ("
                        + ConsoleFormat.milliunits(revenue.estimatedProceeds, nil) + ")")
            }
    }

    /// The phases of the active-subscriptions chart, in stacking order.
    package static var phaseSeries: [(String, KeyPath<OverviewResponse.ActiveProduct, Int64>)] {
        [
            ("Standard", \.standard), ("Trial", \.trial), ("Intro offer", \.intro), ("Promotional offer", \.promotional),
            ("Grace period", \.grace), ("Billing retry", \.billingRetry),
        ]
    }

    package static func charts(_ figures: OverviewResponse) -> [ConsoleChart] {
        let days = figures.days.map(\.date)
        let phases = phaseSeries.map { name, path in
            (name: name, values: figures.days.map { $0.active.byProduct.reduce(0) { $0 + $1[keyPath: path] } })
        }
        return [
            ConsoleChart(id: "chart-active", title: "Active subscriptions by phase", style: .stackedArea, days: days, series: phases),
            ConsoleChart(
                id: "chart-new-churned", title: "New against churned subscriptions", style: .lines, days: days,
                series: [("New", figures.days.map(\.new)), ("Churned", figures.days.map(\.churned))]),
            ConsoleChart(
                id: "chart-trials", title: "Trials converting to paid", style: .bars, days: days,
                series: [("Trials converted", figures.days.map(\.trialsConverted))]),
            ConsoleChart(
                id: "chart-refunds", title: "Refunds", style: .bars, days: days, series: [("Refunds", figures.days.map(\.refunds))]),
        ]
    }

    /// The currency the revenue chart shows: the one asked for when the range has it, else the
    /// one customers paid most in (an app selling in thirty currencies gets one chart, not thirty;
    /// the totals list every currency).
    package static func chartedCurrency(_ requested: String?, in revenue: [OverviewRevenue]) -> String? {
        if let requested, revenue.contains(where: { $0.currency == requested }) { return requested }
        return revenue.max { ($0.customerPrice, $1.currency) < ($1.customerPrice, $0.currency) }?.currency
    }

    /// What customers paid in `currency`, the estimated proceeds and what was refunded.
    package static func revenueChart(_ figures: OverviewResponse, currency: String) -> ConsoleChart {
        let days = figures.days.map(\.date)
        func values(_ path: KeyPath<OverviewRevenue, Int64>) -> [Int64] {
            figures.days.map { day in day.revenue.first { $0.currency == currency }?[keyPath: path] ?? 0 }
        }
        return ConsoleChart(
            id: "chart-revenue", title: "Revenue in \(currency)", style: .lines, unit: .milliunits, days: days,
            series: [
                ("Customer price", values(\.customerPrice)), ("Estimated proceeds", values(\.estimatedProceeds)),
                ("Refunded", values(\.refunded)),
            ])
    }
}

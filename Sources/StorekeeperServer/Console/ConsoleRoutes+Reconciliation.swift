import AppStoreModels
import Foundation
import Hummingbird
import Storekeeper

/// Reconciliation (issue #19) in the console: the last 14 Pacific days with their run's counts
/// by outcome, and one day's lines (drill-down), with Storekeeper's transactions linked to
/// search.
extension ConsoleRoutes {
    struct ReconciliationPage {
        struct Day {
            let day: String
            let href: String
            let reconciled: Bool
            let ranAt: String
            let matched: Int
            let discrepancies: Int
            let hasDiscrepancies: Bool
        }

        let configured: Bool
        let vendorNumber: String
        let days: [Day]
    }

    struct ReconciliationDayPage {
        struct Line {
            let outcome: String
            let isDiscrepancy: Bool
            let sku: String
            let productClass: String
            let country: String
            let currency: String
            let storekeeperUnits: Int
            let reportUnits: Int
            let storekeeperPrice: String
            let reportPrice: String
            let transactions: [Link]
            let candidates: String
        }

        struct Link {
            let label: String
            let href: String
        }

        struct Count {
            let outcome: String
            let count: Int
        }

        let day: String
        let reconciled: Bool
        let ranAt: String
        let counts: [Count]
        let lines: [Line]
        let backHref: String
    }

    static let reconciliationDays = 14

    @Sendable func reconciliationPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let frame = frame("Reconciliation · \(call.appId)", call, .reconciliation)
        guard let reports, let vendor = call.services.runtime.config.reports?.vendorNumber else {
            return try templates.page("reconciliation", ReconciliationPage(configured: false, vendorNumber: "", days: []), frame: frame)
        }
        let today = PacificDay(containing: now())
        let days = (1...Self.reconciliationDays).map { today.adding(days: -$0) }
        var rows: [ReconciliationPage.Day] = []
        for day in days {
            let run = try await reports.reconciliation(vendorNumber: vendor, day: day)
            let counts = run?.counts ?? [:]
            let discrepancies = counts.filter { $0.key.isDiscrepancy }.values.reduce(0, +)
            rows.append(
                ReconciliationPage.Day(
                    day: day.description, href: ConsolePaths.app(call.appId, .reconciliation) + "/" + day.description,
                    reconciled: run != nil, ranAt: run.map { ConsoleFormat.time($0.ranAt) } ?? "", matched: counts[.matched] ?? 0,
                    discrepancies: discrepancies, hasDiscrepancies: discrepancies > 0))
        }
        return try templates.page("reconciliation", ReconciliationPage(configured: true, vendorNumber: vendor, days: rows), frame: frame)
    }

    @Sendable func reconciliationDayPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        guard let text = context.parameters.get("day"), let day = PacificDay(iso: text) else {
            throw StorekeeperError.invalidRequest("the day must be YYYY-MM-DD")
        }
        guard let reports, let vendor = call.services.runtime.config.reports?.vendorNumber else {
            throw StorekeeperError(.notConfigured, "the app configures no reports (app.\(call.appId).reports.*)", status: .notFound)
        }
        let run = try await reports.reconciliation(vendorNumber: vendor, day: day)
        let search = ConsolePaths.app(call.appId, .search) + "?q="
        let lines = (run?.lines ?? []).sorted { ($0.outcome.isDiscrepancy ? 0 : 1, $0.sku) < ($1.outcome.isDiscrepancy ? 0 : 1, $1.sku) }
            .map { line in
                ReconciliationDayPage.Line(
                    outcome: line.outcome.rawValue.replacingOccurrences(of: "_", with: " "), isDiscrepancy: line.outcome.isDiscrepancy,
                    sku: line.sku, productClass: line.productClass.rawValue, country: line.countryCode, currency: line.currency,
                    storekeeperUnits: line.storekeeperUnits, reportUnits: line.reportUnits,
                    storekeeperPrice: ConsoleFormat.milliunits(line.storekeeperPrice, nil),
                    reportPrice: ConsoleFormat.milliunits(line.reportPrice, nil),
                    transactions: line.transactionIds.map { .init(label: $0, href: search + ConsolePaths.query($0)) },
                    candidates: line.candidates.joined(separator: ", "))
            }
        let counts = ReconciliationOutcome.all.map { outcome in
            ReconciliationDayPage.Count(
                outcome: outcome.rawValue.replacingOccurrences(of: "_", with: " "), count: run?.counts[outcome] ?? 0)
        }
        return try templates.page(
            "reconciliation-day",
            ReconciliationDayPage(
                day: day.description, reconciled: run != nil, ranAt: run.map { ConsoleFormat.time($0.ranAt) } ?? "", counts: counts,
                lines: lines, backHref: ConsolePaths.app(call.appId, .reconciliation)),
            frame: frame("Reconciliation \(day) · \(call.appId)", call, .reconciliation))
    }
}

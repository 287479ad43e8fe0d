import AppStoreModels
import Foundation
package import Hummingbird
package import Storekeeper
import StorekeeperApplication
package import StorekeeperHTTP

/// Reconciliation in the console: the last 14 Pacific days with their SALES and
/// SUBSCRIPTION_EVENT runs' counts, the last fiscal months' FINANCE_DETAIL runs, and one run's
/// lines (drill-down, `?type=events|finance`), with Storekeeper's transactions linked to search.
extension ConsoleRoutes {
    package struct ReconciliationPage {
        /// One run's summary.
        package struct Run {
            package let label: String
            package let href: String
            package let reconciled: Bool
            package let ranAt: String
            package let matched: Int
            package let discrepancies: Int
            package let hasDiscrepancies: Bool
        }

        package struct Day {
            package let sales: Run
            package let events: Run
        }

        package let configured: Bool
        package let vendorNumber: String
        package let days: [Day]
        package let months: [Run]
    }

    package struct ReconciliationDayPage {
        package struct Line {
            package let outcome: String
            package let isDiscrepancy: Bool
            package let sku: String
            package let productClass: String
            package let country: String
            package let currency: String
            package let storekeeperUnits: Int
            package let reportUnits: Int
            package let storekeeperPrice: String
            package let reportPrice: String
            package let transactions: [Link]
            package let candidates: String
            /// The event kind or new/renewal, the transaction day, proceeds and notes (finance).
            package let detail: String
        }

        package struct Link {
            package let label: String
            package let href: String
        }

        package struct Count {
            package let outcome: String
            package let count: Int
        }

        package let day: String
        package let reconciled: Bool
        package let ranAt: String
        package let counts: [Count]
        package let lines: [Line]
        package let backHref: String
    }

    package static let reconciliationDays = 14
    package static let reconciliationMonths = 3

    /// A run's summary row, linking to its lines.
    private func summary(_ run: ReconciliationRun?, label: String, href: String) -> ReconciliationPage.Run {
        let counts = run?.counts ?? [:]
        let discrepancies = counts.filter { $0.key.isDiscrepancy }.values.reduce(0, +)
        return ReconciliationPage.Run(
            label: label, href: href, reconciled: run != nil, ranAt: run.map { ConsoleFormat.time($0.ranAt) } ?? "",
            matched: counts[.matched] ?? 0, discrepancies: discrepancies, hasDiscrepancies: discrepancies > 0)
    }

    @Sendable package func reconciliationPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let frame = frame("Reconciliation · \(call.appId)", call, .reconciliation)
        guard let reports, let vendor = call.services.runtime.config.reports?.vendorNumber else {
            return try templates.page(
                "reconciliation", ReconciliationPage(configured: false, vendorNumber: "", days: [], months: []), frame: frame)
        }
        let today = PacificDay(containing: now())
        let base = ConsolePaths.app(call.appId, .reconciliation) + "/"
        var rows: [ReconciliationPage.Day] = []
        for day in (1...Self.reconciliationDays).map({ today.adding(days: -$0) }) {
            let sales = try await reports.reconciliation(vendorNumber: vendor, day: day)
            let events = try await reports.reconciliation(
                vendorNumber: vendor, reportType: ReconciledReport.subscriptionEvent.rawValue, reportDate: day.description)
            rows.append(
                ReconciliationPage.Day(
                    sales: summary(sales, label: day.description, href: base + day.description),
                    events: summary(events, label: day.description, href: base + day.description + "?type=events")))
        }
        var months: [ReconciliationPage.Run] = []
        var month = AppleFiscalMonth(containing: today)?.previous
        while let current = month, months.count < Self.reconciliationMonths {
            let run = try await reports.reconciliation(
                vendorNumber: vendor, reportType: ReconciledReport.financeDetail.rawValue, reportDate: current.description)
            months.append(
                summary(
                    run, label: "\(current) (\(current.first)…\(current.last))", href: base + current.description + "?type=finance"))
            month = current.previous
        }
        return try templates.page(
            "reconciliation", ReconciliationPage(configured: true, vendorNumber: vendor, days: rows, months: months), frame: frame)
    }

    @Sendable package func reconciliationDayPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let report = request.uri.queryParameters.get("type").flatMap(ReconciledReport.init(query:)) ?? .sales
        guard let day = context.parameters.get("day"), report.isValid(date: day) else {
            throw StorekeeperError.invalidRequest(report == .financeDetail ? "the month must be YYYY-MM" : "the day must be YYYY-MM-DD")
        }
        guard let reports, let vendor = call.services.runtime.config.reports?.vendorNumber else {
            throw StorekeeperError(.notConfigured, "the app configures no reports (app.\(call.appId).reports.*)", kind: .notFound)
        }
        let run = try await reports.reconciliation(vendorNumber: vendor, reportType: report.rawValue, reportDate: day)
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
                    candidates: line.candidates.joined(separator: ", "), detail: Self.detail(line))
            }
        let counts = ReconciliationOutcome.all.map { outcome in
            ReconciliationDayPage.Count(
                outcome: outcome.rawValue.replacingOccurrences(of: "_", with: " "), count: run?.counts[outcome] ?? 0)
        }
        return try templates.page(
            "reconciliation-day",
            ReconciliationDayPage(
                day: "\(report.rawValue) \(day)", reconciled: run != nil, ranAt: run.map { ConsoleFormat.time($0.ranAt) } ?? "",
                counts: counts,
                lines: lines, backHref: ConsolePaths.app(call.appId, .reconciliation)),
            frame: frame("Reconciliation \(day) · \(call.appId)", call, .reconciliation))
    }

    /// What a line adds to the table's columns: its kind of event or new/renewal, and for a
    /// financial report its transaction day, proceeds (estimated / Apple's) and notes.
    package static func detail(_ line: ReconciliationLine) -> String {
        var parts = [line.event ?? line.subscription].compactMap { $0 }
        if let day = line.transactionDay { parts.append("transacted \(day)") }
        if line.estimatedProceeds != nil || line.reportProceeds != nil {
            parts.append(
                "proceeds \(ConsoleFormat.milliunits(line.estimatedProceeds, nil)) / \(ConsoleFormat.milliunits(line.reportProceeds, nil))")
        }
        if let note = line.note { parts.append(note) }
        return parts.joined(separator: " · ")
    }
}

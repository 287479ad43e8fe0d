package import AppStoreAPI
package import AppStoreModels
import AppStoreReports
package import Logging
package import Storekeeper
package import StorekeeperStore

/// Downloads a vendor's reports as Apple publishes them and reconciles them: the daily SALES
/// SUMMARY and SUBSCRIPTION_EVENT reports, and the FINANCE_DETAIL report of each fiscal month.
///
/// A Pacific day's report appears the next day, usually by 08:00 Pacific, and Apple may revise it
/// (or publish it up to two days late). Each time a new day passes its publication time, the job
/// downloads that day and the `trailingDays - 1` days before it again: new and revised files are
/// imported (an unchanged one is a no-op) and every day of the window that has a report is
/// reconciled again, so purchases recovered since show as matched. A day Apple answers with 404
/// (no sales, or not published yet) is tried again with the next day's window. The fiscal months
/// that ended in the window (and the month before the last one ended, whose report may come
/// later) are downloaded the same way; each month is reconciled after both its neighbours were
/// tried, so sales settled in a neighbouring month are explained. The last day handled is the
/// watermark `reports.fetched.<vendor>`; running on several instances at once only downloads the
/// same files twice.
package struct ReportFetcher: PeriodicJob {
    package let vendorNumber: String
    package let client: any AppStoreConnectReportsAPI
    package let store: any PurchaseStore
    package let reports: any ReportStore
    package let reconciliation: ReconciliationService
    package let trailingDays: Int
    package let now: any WallClock
    package let logger: Logger

    package init(
        vendorNumber: String, client: any AppStoreConnectReportsAPI, store: any PurchaseStore, reports: any ReportStore,
        reconciliation: ReconciliationService, trailingDays: Int, now: any WallClock, logger: Logger
    ) {
        self.vendorNumber = vendorNumber
        self.client = client
        self.store = store
        self.reports = reports
        self.reconciliation = reconciliation
        self.trailingDays = trailingDays
        self.now = now
        self.logger = logger
    }

    package var name: String { "reports.fetch.\(vendorNumber)" }
    package var watermark: String { "reports.fetched.\(vendorNumber)" }

    /// The latest day whose report Apple has published at `instant` (08:00 Pacific the next day).
    package static func latestPublishedDay(at instant: Timestamp) -> PacificDay {
        let yesterday = PacificDay(containing: instant).adding(days: -1)
        return yesterday.publication <= instant ? yesterday : yesterday.adding(days: -1)
    }

    /// The fiscal months whose FINANCE_DETAIL to fetch when `latest` is the latest published day:
    /// those that ended in the window of `trailingDays` days, and the last two that ended.
    package static func financeMonths(latest: PacificDay, trailingDays: Int) -> [AppleFiscalMonth] {
        guard let current = AppleFiscalMonth(containing: latest) else { return [] }
        let lastEnded = current.last == latest ? current : current.previous
        var months = [lastEnded.previous, lastEnded]
        let earliest = latest.adding(days: 1 - trailingDays)
        var month = lastEnded.previous.previous
        while month.last >= earliest {
            months.insert(month, at: 0)
            month = month.previous
        }
        return months
    }

    package func runOnce() async throws -> Bool {
        let latest = Self.latestPublishedDay(at: now())
        let handled = try await store.read { try await $0.watermark(watermark) }.flatMap(PacificDay.init(iso:))
        if let handled, handled >= latest { return false }
        let importer = ReportImporter(store: reports, now: now)
        for offset in stride(from: trailingDays - 1, through: 0, by: -1) {
            let day = latest.adding(days: -offset)
            guard let reportDay = ReportDay(year: day.year, month: day.month, day: day.day) else { continue }
            for report in [ReconciledReport.sales, .subscriptionEvent] {
                let request: SalesReportRequest =
                    report == .sales
                    ? .dailySalesSummary(vendorNumber: vendorNumber, day: reportDay)
                    : .dailySubscriptionEvents(vendorNumber: vendorNumber, day: reportDay)
                try await fetch(report, day.description, importer: importer) { try await client.salesReport(request) }
            }
        }
        // One read of each day's transactions for both of its reports, a month of runs per commit.
        try await reconciliation.reconcile(vendorNumber: vendorNumber, days: latest.adding(days: 1 - trailingDays)...latest)
        let months = Self.financeMonths(latest: latest, trailingDays: trailingDays)
        for month in months {
            let request = FinanceReportRequest.financeDetail(vendorNumber: vendorNumber, fiscalYear: month.year, month: month.month)
            try await fetch(.financeDetail, month.description, importer: importer) { try await client.financeReport(request) }
        }
        try await reconciliation.reconcileFinance(vendorNumber: vendorNumber, months: months)
        try await store.write { try await $0.setWatermark(watermark, value: latest.description) }
        return false
    }

    private func fetch(
        _ report: ReconciledReport, _ date: String, importer: ReportImporter,
        download: () async throws -> AppStoreConnectReportResult
    ) async throws {
        let metadata: Logger.Metadata = [
            "storekeeper.report.type": "\(report.rawValue)", "storekeeper.report.date": "\(date)",
            "storekeeper.report.vendor": "\(vendorNumber)",
        ]
        switch try await download() {
        case .report(let downloaded):
            let result = try await importer.importFile(downloaded.bytes, name: nil, vendorNumber: vendorNumber, reportDate: date)
            logger.info(
                "Fetched a report",
                metadata: metadata.merging(
                    ["storekeeper.report.rows": "\(result.rowCount)", "storekeeper.report.outcome": "\(result.outcome)"]
                ) { $1 })
        case .noReport:
            logger.debug("No report (no sales, or not published yet)", metadata: metadata)
        }
    }
}

import AppStoreAPI
import AppStoreModels
import AppStoreReports
import Logging
import Storekeeper

/// Downloads a vendor's daily SALES SUMMARY reports as Apple publishes them and reconciles them.
///
/// A Pacific day's report appears the next day, usually by 08:00 Pacific, and Apple may revise it
/// (or publish it up to two days late). Each time a new day passes its publication time, the job
/// downloads that day and the `trailingDays - 1` days before it again: new and revised files are
/// imported (an unchanged one is a no-op) and every day of the window that has a report is
/// reconciled again, so purchases recovered since show as matched. A day Apple answers with 404
/// (no sales, or not published yet) is tried again with the next day's window. The last day
/// handled is the watermark `reports.fetched.<vendor>`; running on several instances at once only
/// downloads the same files twice.
struct ReportFetcher: PeriodicJob {
    let vendorNumber: String
    let client: any AppStoreConnectReportsAPI
    let store: any PurchaseStore
    let reports: any ReportStore
    let reconciliation: ReconciliationService
    let trailingDays: Int
    let now: any WallClock
    let logger: Logger

    var name: String { "reports.fetch.\(vendorNumber)" }
    var watermark: String { "reports.fetched.\(vendorNumber)" }

    /// The latest day whose report Apple has published at `instant` (08:00 Pacific the next day).
    static func latestPublishedDay(at instant: Timestamp) -> PacificDay {
        let yesterday = PacificDay(containing: instant).adding(days: -1)
        return yesterday.publication <= instant ? yesterday : yesterday.adding(days: -1)
    }

    func runOnce() async throws -> Bool {
        let latest = Self.latestPublishedDay(at: now())
        let handled = try await store.read { try await $0.watermark(watermark) }.flatMap(PacificDay.init(iso:))
        if let handled, handled >= latest { return false }
        let importer = ReportImporter(store: reports, now: now)
        for offset in stride(from: trailingDays - 1, through: 0, by: -1) {
            let day = latest.adding(days: -offset)
            try await fetch(day, importer: importer)
            if try await reports.currentReport(.dailySales(vendorNumber: vendorNumber, day: day)) != nil {
                try await reconciliation.reconcile(vendorNumber: vendorNumber, day: day)
            }
        }
        try await store.write { try await $0.setWatermark(watermark, value: latest.description) }
        return false
    }

    private func fetch(_ day: PacificDay, importer: ReportImporter) async throws {
        guard let reportDay = ReportDay(year: day.year, month: day.month, day: day.day) else { return }
        switch try await client.salesReport(.dailySalesSummary(vendorNumber: vendorNumber, day: reportDay)) {
        case .report(let downloaded):
            let result = try await importer.importFile(
                downloaded.bytes, name: nil, vendorNumber: vendorNumber, reportDate: day.description)
            logger.info(
                "Fetched a daily sales report",
                metadata: [
                    "storekeeper.report.day": "\(day)", "storekeeper.report.vendor": "\(vendorNumber)",
                    "storekeeper.report.rows": "\(result.rowCount)", "storekeeper.report.outcome": "\(result.outcome)",
                ])
        case .noReport:
            logger.debug(
                "No daily sales report (no sales, or not published yet)",
                metadata: ["storekeeper.report.day": "\(day)", "storekeeper.report.vendor": "\(vendorNumber)"])
        }
    }
}

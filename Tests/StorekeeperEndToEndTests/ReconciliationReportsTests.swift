import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Testing

/// SUBSCRIPTION_EVENT and FINANCE_DETAIL reconciliation end to end: the simulator publishes
/// both from its own transactions, the scheduled fetch downloads, imports and reconciles them.
/// Purchases, a renewal and a refund reconcile with no discrepancy; a sale on a fiscal month's
/// last day that Apple settles in the next month is explained, not a discrepancy; each
/// injected discrepancy is found once in each report, classified.
@Suite struct ReconciliationReportsTests {
    typealias Base = ReconciliationTests

    static func run(_ h: NotificationHarness, report: ReconciledReport, _ date: String) async throws -> ReconciliationRun? {
        let reports = try #require(h.store as? any ReportStore)
        return try await reports.reconciliation(vendorNumber: Base.vendor, reportType: report.rawValue, reportDate: date)
    }

    /// Runs the inbox, then a fetch whose window reaches back to `first` (the job's own window
    /// is 30 days), and returns.
    static func fetch(_ h: NotificationHarness, from first: PacificDay) async throws {
        try await h.runInbox()
        let job = try h.job(ReportFetcher.self)
        let wide = ReportFetcher(
            vendorNumber: Base.vendor, client: job.client, store: h.store, reports: job.reports, reconciliation: job.reconciliation,
            trailingDays: 90, now: job.now, logger: job.logger)
        try await h.store.write { try await $0.setWatermark(wide.watermark, value: first.adding(days: -1).description) }
        _ = try await wide.runOnce()
    }

    /// The app's USD revenue in the admin overview of `from`…now: estimated proceeds and whether
    /// report rows calibrated them.
    static func usdProceeds(_ h: NotificationHarness, from first: PacificDay) async throws -> (proceeds: Int64, calibrated: Bool) {
        let admin = try await h.adminClient()
        let from = FigureDay(containing: first.start).adding(days: -1)
        let response = try await admin.get("/overview?from=\(from)&to=\(FigureDay(containing: h.now))")
        #expect(response.status == 200, "\(response.text)")
        let totals = try #require(response.json["totals"] as? [String: Any])
        let revenue = try #require(totals["revenue"] as? [[String: Any]])
        let usd = try #require(revenue.first { $0["currency"] as? String == "USD" })
        return (
            try #require((usd["estimatedProceeds"] as? NSNumber)?.int64Value), try #require(usd["proceedsCalibrated"] as? Bool)
        )
    }

    /// Advances the simulator to noon Pacific of `day`.
    static func advance(_ h: NotificationHarness, toNoonOf day: PacificDay) async throws {
        let noon = day.start.adding(milliseconds: 12 * Span.hour)
        if noon > h.now { try await h.simulator.advance(byMilliseconds: noon.millisecondsSince1970 - h.now.millisecondsSince1970) }
    }

    @Test(arguments: NotificationBackend.all)
    func eventsAndFinanceReconcileExplainSettlementAndFindEachDiscrepancyOnce(_ backend: NotificationBackend) async throws {
        try await Base.run(backend) { h in
            let lena = h.customer("lena")
            let mia = h.customer("mia")
            let lenaAccount = try Base.productionAccount(h, "apple")
            let miaAccount = try Base.productionAccount(h, "apple-mia")
            // The next fiscal month, so that its first day is ahead on the simulator's clock.
            let month = try #require(AppleFiscalMonth(containing: PacificDay(containing: h.now))?.next)

            // The fiscal month's first days: a subscription (renewed a month later), gems bought
            // and one refunded.
            try await Self.advance(h, toNoonOf: month.first)
            let first = month.first
            _ = try await h.buy(lena, account: lenaAccount, DemoCatalog.monthly)
            let refunded = try await h.buy(lena, account: lenaAccount, DemoCatalog.gems)
            _ = try await h.buy(mia, account: miaAccount, DemoCatalog.gems)
            try await Self.advance(h, toNoonOf: first.adding(days: 1))
            try await h.simulator.refund(transactionId: try #require(refunded.transaction.transactionId))
            // The month's last day: a sale Apple settles two days later, in the next fiscal month.
            try await Self.advance(h, toNoonOf: month.last)
            _ = try await h.buy(mia, account: miaAccount, DemoCatalog.removeAds)
            _ = try h.simulator.addReportDiscrepancy(
                .init(kind: .settleLate, day: month.last.description, sku: DemoCatalog.removeAds, delayDays: 2))
            // After the next fiscal month ends (the monthly subscription renewed meanwhile).
            try await Self.advance(h, toNoonOf: month.next.last.adding(days: 2))
            try await h.runInbox()
            let rule = try await Self.usdProceeds(h, from: first)
            #expect(!rule.calibrated, "no report imported yet: the commission rule alone")
            try await Self.fetch(h, from: first)

            // The overview's proceeds are now calibrated by the SALES rows: Apple's 70 % rounded
            // down to the cent, where the rule kept the tenths of a cent.
            let calibrated = try await Self.usdProceeds(h, from: first)
            let today = PacificDay(containing: h.now)
            var estimator = ProceedsEstimator()
            estimator.calibrate(
                with: try await #require(h.store as? any ReportStore).proceedsObservations(
                    vendorNumber: Base.vendor, in: today.adding(days: -ReconciliationService.calibrationDays)...today))
            #expect(calibrated.calibrated)
            #expect(calibrated.proceeds == estimator.calibrated(ruleProceeds: rule.proceeds, currency: "USD"))
            #expect(calibrated.proceeds < rule.proceeds, "\(calibrated) against \(rule)")

            let days = (0..<(month.days.count + month.next.days.count)).map { first.adding(days: $0) }
            var eventRuns: [ReconciliationRun] = []
            for day in days {
                if let run = try await Self.run(h, report: .subscriptionEvent, day.description) { eventRuns.append(run) }
            }
            let eventLines = eventRuns.flatMap(\.lines)
            #expect(eventRuns.flatMap(\.discrepancies).isEmpty, "\(eventRuns.flatMap(\.discrepancies))")
            #expect(eventLines.filter { $0.event == "activation" }.map(\.outcome) == [.matched], "\(eventLines)")
            #expect(eventLines.filter { $0.event == "renewal" }.map(\.outcome).contains(.matched), "the renewal: \(eventLines)")

            // The fetch reconciled its window of days at once, one read of a day's transactions
            // for both of its reports and a month of runs per commit; each report reconciled
            // alone says the same.
            let service = try h.job(ReportFetcher.self).reconciliation
            var salesRuns: [ReconciliationRun] = []
            for day in days {
                if let run = try await Self.run(h, report: .sales, day.description) { salesRuns.append(run) }
            }
            #expect(!salesRuns.isEmpty)
            for stored in salesRuns + eventRuns {
                let report = try #require(ReconciledReport(rawValue: stored.reportType))
                let alone = try await service.reconcile(vendorNumber: Base.vendor, report: report, date: stored.reportDate)
                #expect(alone.lines == stored.lines, "\(stored.reportType) \(stored.reportDate)")
            }

            let thisMonth = try #require(try await Self.run(h, report: .financeDetail, month.description))
            let nextMonth = try #require(try await Self.run(h, report: .financeDetail, month.next.description))
            #expect(thisMonth.discrepancies.isEmpty, "\(thisMonth.discrepancies)")
            #expect(nextMonth.discrepancies.isEmpty, "\(nextMonth.discrepancies)")
            // The fetch reconciled both months in one commit, each file parsed once.
            for stored in [thisMonth, nextMonth] {
                let alone = try await service.reconcile(vendorNumber: Base.vendor, report: .financeDetail, date: stored.reportDate)
                #expect(alone.lines == stored.lines, "FINANCE_DETAIL \(stored.reportDate)")
            }
            let gems = thisMonth.lines.filter { $0.sku == DemoCatalog.gems }
            #expect(gems.map(\.outcome) == [.matched, .matched], "a sale of two units and a return: \(gems)")
            let sold = gems.first { $0.storekeeperUnits > 0 }
            #expect(sold?.reportProceeds == Int64(2 * 690), "Apple's 70 % of 0.99, twice")
            #expect(sold?.estimatedProceeds == Int64(2 * 690), "calibrated by the SALES rows: \(String(describing: sold))")
            let settled = thisMonth.lines.filter { $0.sku == DemoCatalog.removeAds }
            #expect(settled.map(\.outcome) == [.settledInOtherMonth], "\(settled)")
            #expect(settled.first?.settlementDays == [month.last.adding(days: 2)])
            let late = nextMonth.lines.filter { $0.sku == DemoCatalog.removeAds }
            #expect(late.map(\.outcome) == [.matched] && late.first?.transactionDay == month.last, "\(late)")
            #expect(late.first?.note?.contains("outside fiscal \(month.next)") == true)

            // Apple's reports of the first day change: an extra refund of the subscription, then
            // its first row (the sale) dropped (a report left empty would be a 404 that changes
            // nothing), another price of gems, an extra refund of gems.
            _ = try h.simulator.addReportDiscrepancy(.init(kind: .extraRefund, day: first.description, sku: DemoCatalog.monthly))
            _ = try h.simulator.addReportDiscrepancy(.init(kind: .dropRow, day: first.description, sku: DemoCatalog.monthly))
            _ = try h.simulator.addReportDiscrepancy(
                .init(kind: .changePrice, day: first.description, sku: DemoCatalog.gems, customerPrice: "1.99"))
            _ = try h.simulator.addReportDiscrepancy(.init(kind: .extraRefund, day: first.description, sku: DemoCatalog.gems))
            try await Self.fetch(h, from: first)

            let events = try #require(try await Self.run(h, report: .subscriptionEvent, first.description))
            let eventFound = events.discrepancies
            #expect(eventFound.count == 2, "\(eventFound)")
            #expect(eventFound.filter { $0.outcome == .missingInReport }.map(\.event) == ["activation"], "the dropped Subscribe row")
            #expect(eventFound.filter { $0.outcome == .missingInStorekeeper }.map(\.event) == ["refund"], "the extra Refund event")
            #expect(eventFound.allSatisfy { $0.sku == DemoCatalog.monthly })
            let finance = try #require(try await Self.run(h, report: .financeDetail, month.description))
            let found = finance.discrepancies
            #expect(found.count == 4, "\(found)")
            #expect(found.filter { $0.outcome == .missingInReport }.map(\.sku) == [DemoCatalog.monthly], "the dropped row")
            #expect(found.filter { $0.outcome == .priceDiffers }.map(\.sku) == [DemoCatalog.gems])
            #expect(found.first { $0.outcome == .priceDiffers }?.reportPrice == 1990)
            let extra = found.filter { $0.outcome == .missingInStorekeeper }
            #expect(extra.map(\.sku).sorted() == [DemoCatalog.gems, DemoCatalog.monthly].sorted(), "the extra returns")
            #expect(extra.allSatisfy { $0.reportUnits == -1 })
            #expect(finance.lines.filter { $0.outcome == .settledInOtherMonth }.count == 1)
        }
    }
}

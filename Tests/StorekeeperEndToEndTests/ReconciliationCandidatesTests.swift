import AppStoreModels
import AppStoreReports
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Testing

/// What a `missing_in_storekeeper` line lists: the day's orders of the product that no payment
/// reached, looked up at Apple. Apple publishes a day's report the next morning, by when the
/// order-expiry job has expired the orders of the day's first hours (an order waits a day for
/// its payment by default); an expired order is still one a late payment delivers, so it is
/// still a candidate.
@Suite struct ReconciliationCandidatesTests {
    /// Lena bought before; on `day` her gems' notification is lost and the app never hands the
    /// transaction over; two days pass, so Apple has published the day's report.
    static func lostGems(_ h: NotificationHarness) async throws -> (CustomerID, PacificDay, PurchaseResult) {
        let lena = h.customer("lena")
        let account = try ReconciliationTests.productionAccount(h, "apple")
        _ = try await h.buy(lena, account: account, DemoCatalog.removeAds)
        try await h.simulator.advance(byMilliseconds: Span.day)
        let day = PacificDay(containing: h.now)
        h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .until(h.now + Span.hour)))
        let lost = try await h.buy(lena, account: account, DemoCatalog.gems, submit: false)
        try await h.simulator.advance(byMilliseconds: 2 * Span.day)
        return (lena, day, lost)
    }

    @Test(arguments: NotificationBackend.all)
    func anOrderExpiredBeforeTheReportIsStillACandidate(_ backend: NotificationBackend) async throws {
        try await ReconciliationTests.run(backend) { h in
            let (lena, day, lost) = try await Self.lostGems(h)
            // As `serve` runs it: the order's day has passed, it expired unpaid.
            _ = try await h.job(OrderExpirer.self).runOnce()
            let token = try #require(lost.transaction.appAccountToken)
            let order = try #require(try await h.store.read { try await $0.order(appAccountToken: token) })
            #expect(order.state == .expired)

            let run = try #require(try await ReconciliationTests.fetch(h, days: [day])[day])
            let missing = run.discrepancies
            #expect(missing.map(\.outcome) == [.missingInStorekeeper])
            #expect(missing.first?.candidates.count == 1, "\(missing)")
            #expect(missing.first?.candidates.first?.hasSuffix("recovered") == true, "\(missing)")
            #expect(try await h.view(lena).balances["gems"] == 100)
        }
    }

    /// `storekeeper reports import` then `storekeeper reports reconcile`: the reconciliation the
    /// command runs (the server's, built from the same configuration) looks the candidates up at
    /// Apple as `serve` does.
    @Test(arguments: NotificationBackend.all)
    func theCommandLinesReconciliationListsAndRecoversCandidates(_ backend: NotificationBackend) async throws {
        try await ReconciliationTests.run(backend) { h in
            let (lena, day, _) = try await Self.lostGems(h)
            try await h.runInbox()
            // The file as downloaded by hand, imported without reconciling.
            let job = try h.job(ReportFetcher.self)
            let reportDay = try #require(ReportDay(year: day.year, month: day.month, day: day.day))
            guard
                case .report(let file) = try await job.client.salesReport(
                    .dailySalesSummary(vendorNumber: ReconciliationTests.vendor, day: reportDay))
            else {
                Issue.record("the simulator published no report of \(day)")
                return
            }
            _ = try await ReportImporter(store: job.reports, now: job.now).importFile(
                file.bytes, name: nil, vendorNumber: ReconciliationTests.vendor, reportDate: day.description)

            let service = try #require(h.stack.builder.reconciliationService())
            let run = try await service.reconcile(vendorNumber: ReconciliationTests.vendor, report: .sales, date: day.description)
            let missing = run.discrepancies
            #expect(missing.map(\.outcome) == [.missingInStorekeeper])
            #expect(missing.first?.candidates.count == 1, "\(missing)")
            #expect(missing.first?.candidates.first?.hasSuffix("recovered") == true, "\(missing)")
            #expect(try await h.view(lena).balances["gems"] == 100)
        }
    }
}

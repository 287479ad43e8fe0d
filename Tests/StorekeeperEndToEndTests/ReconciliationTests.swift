import AppStoreModels
import AppStoreSimulator
import Crypto
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Testing

/// Reconciliation end to end: the simulator publishes App Store Connect reports from its
/// own production transactions; Storekeeper's scheduled fetch downloads, imports and reconciles
/// them. A month of purchases, a refund and a renewal reconciles with no discrepancy; each
/// injected discrepancy is found once, classified; a purchase Storekeeper never heard of is
/// found by reconciliation and recovered.
@Suite struct ReconciliationTests {
    static let vendor = "85000000"
    /// The simulator's key allows more than Apple's example limit, so that a year of reports
    /// downloads in seconds rather than in minutes of the fetcher waiting on its budget.
    static let simulatorRequestsPerHour = 100_000

    static func run(_ backend: NotificationBackend, _ body: @escaping @Sendable (NotificationHarness) async throws -> Void) async throws {
        let key = P256.Signing.PrivateKey()
        try await NotificationHarness.run(
            backend,
            configure: {
                $0.reports = AppConfiguration.ReportsCredentials(
                    issuerId: "issuer-team", keyId: "TEAMKEY1", privateKey: key, vendorNumber: vendor, trailingDays: 30,
                    requestsPerHour: Self.simulatorRequestsPerHour)
            }
        ) { h in
            _ = try h.simulator.configureReports(
                vendorNumber: vendor,
                teamKeys: [.init(keyId: "TEAMKEY1", issuerId: "issuer-team", publicKeyPEM: key.publicKey.pemRepresentation)])
            try await body(h)
        }
    }

    /// A production account (Apple's reports leave sandbox out).
    static func productionAccount(_ h: NotificationHarness, _ name: String) throws -> String {
        let id = "\(name)-\(h.tag)"
        try h.simulator.upsertAccount(SimulatedAccount(id: id, environment: .production))
        return id
    }

    /// Fetches what is published (the job's trailing window) and returns the stored runs of `days`.
    static func fetch(_ h: NotificationHarness, days: [PacificDay]) async throws -> [PacificDay: ReconciliationRun] {
        try await h.runInbox()
        _ = try await h.job(ReportFetcher.self).runOnce()
        let reports = try #require(h.store as? any ReportStore)
        var runs: [PacificDay: ReconciliationRun] = [:]
        for day in days {
            runs[day] = try await reports.reconciliation(vendorNumber: vendor, day: day)
        }
        return runs
    }

    @Test(arguments: NotificationBackend.all)
    func aMonthReconcilesAndEachInjectedDiscrepancyIsFoundOnce(_ backend: NotificationBackend) async throws {
        try await Self.run(backend) { h in
            let lena = h.customer("lena")
            let mia = h.customer("mia")
            let lenaAccount = try Self.productionAccount(h, "apple")
            let miaAccount = try Self.productionAccount(h, "apple-mia")
            let first = PacificDay(containing: h.now)
            let days = (0...40).map { first.adding(days: $0) }

            _ = try await h.buy(lena, account: lenaAccount, DemoCatalog.monthly)
            let refunded = try await h.buy(lena, account: lenaAccount, DemoCatalog.gems)
            _ = try await h.buy(mia, account: miaAccount, DemoCatalog.gems)
            try await h.simulator.advance(byMilliseconds: Span.day)
            let second = PacificDay(containing: h.now)
            _ = try await h.buy(mia, account: miaAccount, DemoCatalog.removeAds)
            try await h.simulator.refund(transactionId: try #require(refunded.transaction.transactionId))
            try await h.simulator.advance(byMilliseconds: 2 * Span.day)

            var runs = try await Self.fetch(h, days: days)
            #expect(runs.count >= 2, "the purchase days are reconciled")
            for (day, run) in runs {
                #expect(run.discrepancies.isEmpty, "\(day): \(run.discrepancies)")
            }
            #expect(runs.values.map { $0.counts[.matched] ?? 0 }.reduce(0, +) >= 4)

            // The renewal a month later, Apple's revisions of the first days with it.
            try await h.simulator.advance(byMilliseconds: 30 * Span.day)
            try await h.simulator.advance(byMilliseconds: 2 * Span.day)
            runs = try await Self.fetch(h, days: days)
            let renewals = runs.values.flatMap(\.lines).filter { $0.subscription == "Renewal" }
            #expect(renewals.map(\.outcome) == [.matched], "the renewal is reconciled")
            for (day, run) in runs {
                #expect(run.discrepancies.isEmpty, "\(day): \(run.discrepancies)")
            }

            // Apple's report of the first days changes: one row dropped, a price changed, an extra refund.
            _ = try h.simulator.addReportDiscrepancy(.init(kind: .dropRow, day: first.description, sku: DemoCatalog.monthly))
            _ = try h.simulator.addReportDiscrepancy(
                .init(kind: .changePrice, day: second.description, sku: DemoCatalog.removeAds, customerPrice: "1.99"))
            _ = try h.simulator.addReportDiscrepancy(.init(kind: .extraRefund, day: second.description, sku: DemoCatalog.removeAds))
            // The first days are older than the job's window now: a fetch with a wider one, from
            // the first day on, downloads their revisions.
            let job = try h.job(ReportFetcher.self)
            let wide = ReportFetcher(
                vendorNumber: Self.vendor, client: job.client, store: h.store, reports: job.reports, reconciliation: job.reconciliation,
                trailingDays: 60, now: job.now, logger: job.logger)
            try await h.store.write { try await $0.setWatermark(wide.watermark, value: first.adding(days: -1).description) }
            _ = try await wide.runOnce()
            runs = try await Self.fetch(h, days: days)
            #expect(runs[first]?.discrepancies.count == 1 && runs[second]?.discrepancies.count == 2)
            let discrepancies = runs.values.flatMap(\.discrepancies)
            #expect(discrepancies.count == 3, "\(discrepancies)")
            #expect(discrepancies.filter { $0.outcome == .missingInReport }.map(\.sku) == [DemoCatalog.monthly])
            #expect(discrepancies.filter { $0.outcome == .priceDiffers }.map(\.sku) == [DemoCatalog.removeAds])
            #expect(discrepancies.filter { $0.outcome == .priceDiffers }.first?.reportPrice == 1990)
            #expect(discrepancies.filter { $0.outcome == .missingInStorekeeper }.map(\.sku) == [DemoCatalog.removeAds])
            #expect(discrepancies.filter { $0.outcome == .missingInStorekeeper }.first?.reportUnits == -1)
        }
    }

    @Test(arguments: NotificationBackend.all)
    func aLostPurchaseFoundByReconciliationIsRecovered(_ backend: NotificationBackend) async throws {
        try await Self.run(backend) { h in
            let lena = h.customer("lena")
            let account = try Self.productionAccount(h, "apple")
            _ = try await h.buy(lena, account: account, DemoCatalog.removeAds)
            try await h.simulator.advance(byMilliseconds: Span.day)
            let day = PacificDay(containing: h.now)
            // The purchase's notification is lost and the app never hands the transaction over.
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .until(h.now + Span.hour)))
            let lost = try await h.buy(lena, account: account, DemoCatalog.gems, submit: false)
            #expect(try await h.view(lena).balances["gems"] == nil)
            try await h.simulator.advance(byMilliseconds: 2 * Span.day)

            let run = try #require(try await Self.fetch(h, days: [day])[day])
            let missing = run.discrepancies
            #expect(missing.map(\.outcome) == [.missingInStorekeeper])
            #expect(missing.first?.sku == DemoCatalog.gems)
            #expect(missing.first?.candidates.count == 1)
            #expect(missing.first?.candidates.first?.hasSuffix("recovered") == true, "\(missing)")
            let view = try await h.view(lena)
            #expect(view.balances["gems"] == 100)
            #expect(view.purchases.contains { $0.transactionId == lost.transaction.transactionId })

            // Reconciled again (the admin route), the day matches.
            let again = try await h.client.post("/reconciliation?date=\(day)", [:])
            #expect(again.status == 200, "\(again.text)")
            let counts = try #require(again.json["counts"] as? [String: Any])
            #expect(counts["missing_in_storekeeper"] as? Int == 0)
            #expect(counts["matched"] as? Int == 1)

            // The metrics show the latest run.
            let metrics = try await h.metrics()
            #expect(metrics.contains("storekeeper_reconciliation_lines{report=\"SALES\",outcome=\"matched\"} 1"), "\(metrics)")
            #expect(metrics.contains("storekeeper_reconciliation_lines{report=\"SALES\",outcome=\"missing_in_storekeeper\"} 0"))
            #expect(metrics.contains("storekeeper_reconciliation_discrepancies{report=\"SALES\"} 0"))
            #expect(metrics.contains("storekeeper_reconciliation_last_run_seconds{report=\"SALES\"} "))
            // The fetch reconciled the two days with sales, the route the lost purchase's day again.
            #expect(metrics.contains("storekeeper_reconciliation_runs_total{report=\"SALES\"} 3"))
        }
    }
}

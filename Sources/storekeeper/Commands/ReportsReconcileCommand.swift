import AppStoreModels
import ArgumentParser
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

extension ReportsCommand {
    /// `storekeeper reports reconcile --date YYYY-MM-DD [--type sales|events|finance]`: reconciles
    /// an imported report and prints the result (a table, or `--json`).
    struct Reconcile: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reconcile",
            abstract: "Reconcile an imported SALES, SUBSCRIPTION_EVENT or FINANCE_DETAIL report with Storekeeper's transactions.",
            discussion: """
                sales (default): the day's SALES SUMMARY rows against Storekeeper's production transactions bought or \
                refunded that Pacific day, by product, country, currency, customer price and new/renewal. events: the \
                day's SUBSCRIPTION_EVENT rows by subscription, country and kind of event (activation, renewal, \
                resubscription, refund). finance: a fiscal month's (--date YYYY-MM) FINANCE_DETAIL rows by transaction \
                day, product, country, currency and price, with estimated against reported proceeds. The result is \
                stored (replacing the report's earlier one). Outcomes: matched, units_differ, price_differs, \
                missing_in_storekeeper (Apple counts a sale Storekeeper never saw: a possible lost purchase; the \
                server's reconciliation also looks up the open orders of the product at Apple), missing_in_report, \
                settled_in_other_month (finance: Apple settles it in a neighbouring fiscal month's report). \
                With --stored, prints the stored result without reconciling again.
                """)

        @OptionGroup var options: ConfigurationOptions

        @Option(help: "The Pacific day, YYYY-MM-DD; for --type finance the fiscal month, YYYY-MM.")
        var date: String

        @Option(help: "The report: sales (default), events (SUBSCRIPTION_EVENT) or finance (FINANCE_DETAIL).")
        var type = "sales"

        @Option(help: "The vendor number (default: the one configured in app.<id>.reports.vendorNumber).")
        var vendor: String?

        @Flag(help: "Print the stored result of the day instead of reconciling again.")
        var stored = false

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        func run() async throws {
            guard let report = ReconciledReport(query: type) else { throw ValidationError("--type must be sales, events or finance") }
            guard report.isValid(date: date) else {
                throw ValidationError(
                    report == .financeDetail ? "--date must be a YYYY-MM fiscal month" : "--date must be a YYYY-MM-DD day")
            }
            let configuration = try await options.load()
            guard let vendorNumber = try vendor ?? ReportsCommand.configuredVendor(configuration, required: true) else { return }
            let logger = Logger(label: "storekeeper")
            let bootstrap = try await StoreBootstrap.open(configuration.storage, logger: logger)
            let result: Result<ReconciliationRun?, any Error> = await bootstrap.withRunningResult {
                try await bootstrap.store.migrate()
                if stored {
                    return try await bootstrap.store.reconciliation(
                        vendorNumber: vendorNumber, reportType: report.rawValue, reportDate: date)
                }
                // As `serve` reconciles: a missing purchase's candidate orders are looked up at Apple.
                let builder = StorekeeperApplicationBuilder(configuration: configuration, storage: bootstrap, logger: logger)
                guard let service = builder.reconciliationService() else {
                    throw ReconciliationError(.noReport, "the storage keeps no reports")
                }
                return try await service.reconcile(vendorNumber: vendorNumber, report: report, date: date)
            }
            await bootstrap.close()
            let run: ReconciliationRun?
            do {
                run = try result.get()
            } catch let error as ReconciliationError {
                ReportsCommand.progress("\(error)")
                throw ExitCode.failure
            }
            guard let run else {
                ReportsCommand.progress("\(report.rawValue) \(date) of vendor \(vendorNumber) was never reconciled")
                throw ExitCode.failure
            }
            print(json ? try ReconciliationTable.json(run) : ReconciliationTable.text(run))
        }
    }
}

extension StoreBootstrap {
    /// `withRunning`, with the body's failure as a value so the store is closed either way.
    func withRunningResult<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async -> Result<T, any Error> {
        do {
            return .success(try await withRunning(body))
        } catch {
            return .failure(error)
        }
    }
}

import AppStoreModels
import ArgumentParser
import Foundation
import Logging
import Storekeeper
import StorekeeperServer

extension ReportsCommand {
    /// `storekeeper reports reconcile --date YYYY-MM-DD`: reconciles an imported day and prints
    /// the result (a table, or `--json`).
    struct Reconcile: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reconcile",
            abstract: "Reconcile a Pacific day's imported SALES report with Storekeeper's transactions.",
            discussion: """
                Compares the day's SALES SUMMARY rows with Storekeeper's production transactions bought or refunded \
                that Pacific day, by product, country, currency, customer price and new/renewal, and stores the \
                result (replacing the day's earlier one). Outcomes: matched, units_differ, price_differs, \
                missing_in_storekeeper (Apple counts a sale Storekeeper never saw: a possible lost purchase; the \
                server's reconciliation also looks up the open orders of the product at Apple), missing_in_report. \
                With --stored, prints the stored result without reconciling again.
                """)

        @OptionGroup var options: ConfigurationOptions

        @Option(help: "The Pacific day, YYYY-MM-DD.")
        var date: String

        @Option(help: "The vendor number (default: the one configured in app.<id>.reports.vendorNumber).")
        var vendor: String?

        @Flag(help: "Print the stored result of the day instead of reconciling again.")
        var stored = false

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        func run() async throws {
            guard let day = PacificDay(iso: date) else { throw ValidationError("--date must be a YYYY-MM-DD day") }
            let configuration = try await options.load()
            guard let vendorNumber = try vendor ?? ReportsCommand.configuredVendor(configuration, required: true) else { return }
            let logger = Logger(label: "storekeeper")
            let bootstrap = try await StoreBootstrap.open(configuration.storage, logger: logger)
            let result: Result<ReconciliationRun?, any Error> = await bootstrap.withRunningResult {
                try await bootstrap.store.migrate()
                if stored { return try await bootstrap.store.reconciliation(vendorNumber: vendorNumber, day: day) }
                return try await ReconciliationService(store: bootstrap.store, now: SystemClock())
                    .reconcile(vendorNumber: vendorNumber, day: day)
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
                ReportsCommand.progress("\(day) of vendor \(vendorNumber) was never reconciled")
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

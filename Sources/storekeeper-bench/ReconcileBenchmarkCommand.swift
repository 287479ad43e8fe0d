import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench reconcile`: see `ReconcileBenchmark`.
struct ReconcileBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reconcile",
        abstract:
            "Import and reconcile a year of daily SALES and SUBSCRIPTION_EVENT reports and its FINANCE_DETAIL reports for N stored transactions (goal: 1,000,000 in 60 s)."
    )

    @Option(help: "Transactions stored (spread over the year).")
    var transactions = 1_000_000

    @Option(help: "Days of reports.")
    var days = 365

    func validate() throws {
        guard transactions > 0, (1...3650).contains(days) else { throw ValidationError("--transactions > 0, --days 1...3650") }
    }

    func run() async throws {
        try await reportingUsage { try await ReconcileBenchmark(transactions: transactions, days: days).run() }
    }
}

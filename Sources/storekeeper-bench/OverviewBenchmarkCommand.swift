import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench overview`: see `OverviewBenchmark`.
struct OverviewBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "p50/p99 of a 90-day admin overview over the rollups of 1,000,000 customers and 10,000,000 transactions (goal: 200 ms).")

    @Option(help: "Customers the seeded figures stand for (the active base).")
    var customers = 1_000_000

    @Option(help: "Transactions the seeded figures stand for, spread over the days.")
    var transactions = 10_000_000

    @Option(help: "Days of history seeded, ending today.")
    var days = 1_095

    @Option(help: "Overview requests measured, one at a time, each over a random 90-day window.")
    var requests = 300

    @Option(help: "SQLite file to use (default: a temporary file, deleted afterwards).")
    var database: String?

    func run() async throws {
        try await reportingUsage {
            try await OverviewBenchmark(
                customers: customers, transactions: transactions, days: days, requests: requests, database: database
            ).run()
        }
    }
}

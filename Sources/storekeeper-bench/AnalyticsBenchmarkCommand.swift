import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench analytics`: see `AnalyticsBenchmark`.
struct AnalyticsBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics",
        abstract:
            "p50/p99 of a 12-month cohort table (and summary) over the analytics rollups of 1,000,000 generated subscribers (goal: 200 ms)."
    )

    @Option(help: "Subscribers generated (about nine transactions each).")
    var customers = 1_000_000

    @Option(help: "Requests measured per route, one at a time.")
    var requests = 300

    @Option(help: "SQLite file to use (default: a temporary file, deleted afterwards).")
    var database: String?

    func run() async throws {
        try await reportingUsage {
            try await AnalyticsBenchmark(customers: customers, requests: requests, database: database).run()
        }
    }
}

import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench retention`: see `RetentionBenchmark`.
struct RetentionBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retention",
        abstract: "p50/p99 of the real-time retention answer (signed offer) over 1,000,000 customers (goal: p99 50 ms).")

    @Option(help: "Customers seeded (once; the SQLite file is reused).")
    var customers = 1_000_000

    @Option(help: "Requests measured, one at a time, each about a random customer.")
    var requests = 20_000

    @Option(help: "SQLite file to use (default: customers-<N>.sqlite in the temporary directory, reused).")
    var database: String?

    @Flag(help: "Seed again even if the file is seeded.")
    var reseed = false

    @Flag(help: "Print JSON.")
    var json = false

    func run() async throws {
        try await reportingUsage {
            try await RetentionBenchmark(customers: customers, requests: requests, database: database, reseed: reseed, json: json).run()
        }
    }
}

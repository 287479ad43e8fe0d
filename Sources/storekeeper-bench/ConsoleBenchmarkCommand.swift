import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench console`: see `ConsoleBenchmark`.
struct ConsoleBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Time each web console page over N seeded customers (goal: p99 ≤ 50 ms at 1,000,000).")

    @Option(help: "Customers stored (seeded once into a SQLite file reused across runs).")
    var customers = 1_000_000

    @Option(help: "Requests per page (one after the other; a tenth more warm up first).")
    var requests = 500

    @Option(help: "The seeded SQLite file (default: <directory>/customers-<N>.sqlite).")
    var database: String?

    @Option(help: "Where seeded databases are kept.")
    var directory: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() async throws {
        try await reportingUsage {
            try await ConsoleBenchmark(
                customers: customers, requests: requests, database: database, directory: directory, json: json
            ).run()
        }
    }
}

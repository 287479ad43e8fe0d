import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench import`: see `ImportBenchmark`.
struct ImportBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import throughput of customers from their transaction ids within Apple's budget (goal: 0.5x of the ceiling).")

    @Option(help: "Customers in the file (one transaction id each).")
    var rows = 100_000

    @Option(help: "Latency the simulator adds to every Server API answer, in milliseconds.")
    var latencyMs: Int64 = 150

    @Option(help: "Uniform jitter around --latency-ms, in milliseconds.")
    var jitterMs: Int64 = 50

    @Option(help: "Rows imported at once.")
    var concurrency = 32

    func run() async throws {
        try await reportingUsage {
            try await ImportBenchmark(rows: rows, latencyMilliseconds: latencyMs, jitterMilliseconds: jitterMs, concurrency: concurrency)
                .run()
        }
    }
}

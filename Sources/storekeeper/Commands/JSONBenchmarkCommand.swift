import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper benchmark json`: see `JSONBenchmark`.
struct JSONBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Decode throughput of the tape decoder against Foundation's JSONDecoder on signed-payload shapes.")

    @Option(help: "Seconds to measure each benchmark (split into 5 rounds; the median round is reported).")
    var seconds: Double = 5

    @Flag(help: "Print a JSON array of {name, opsPerSecond, p50Microseconds, p99Microseconds} instead of a table.")
    var json = false

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
    }

    func run() async throws {
        try JSONBenchmark.measureAndPrint(seconds: seconds, json: json)
    }
}

import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench json`: see `JSONBenchmark`.
struct JSONBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Decode throughput of the tape decoder against Foundation's JSONDecoder on signed-payload shapes.")

    @OptionGroup var measure: MeasureArguments

    func run() async throws {
        try JSONBenchmark.measureAndPrint(seconds: measure.seconds, json: measure.json)
    }
}

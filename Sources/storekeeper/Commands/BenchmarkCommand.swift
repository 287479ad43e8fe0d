import ArgumentParser
import Foundation

/// `storekeeper benchmark`: in-process performance measurements (build with `-c release`).
struct BenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure Storekeeper's performance in-process.",
        subcommands: [
            VerifyBenchmarkCommand.self, PurchasesBenchmarkCommand.self, CustomersBenchmarkCommand.self,
            NotificationsBenchmarkCommand.self, JSONBenchmarkCommand.self,
        ])
}

/// `storekeeper benchmark verify`: verification, signing and the bare P-256 reference.
struct VerifyBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Single-threaded verify+decode throughput and latency against a bare P-256 verification.")

    @Option(help: "Seconds to measure each benchmark (split into 5 rounds; the median round is reported).")
    var seconds: Double = 5

    @Flag(help: "Print a JSON array of {name, opsPerSecond} instead of a table.")
    var json = false

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
    }

    func run() async throws {
        let results = try VerifyBenchmark(throughput: Throughput(secondsPerRound: seconds / 5)).run()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            struct Row: Encodable {
                var name: String
                var opsPerSecond: Double
                var p50Microseconds: Double
                var p99Microseconds: Double
            }
            let rows = results.map {
                Row(name: $0.name, opsPerSecond: $0.opsPerSecond, p50Microseconds: $0.latency.p50, p99Microseconds: $0.latency.p99)
            }
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
            return
        }
        #if DEBUG
            print("warning: debug build; run `swift run -c release storekeeper benchmark verify` for real figures")
        #endif
        let width = results.map(\.name.count).max() ?? 0
        for result in results {
            let rounds = result.rounds.map { String(Int($0)) }.joined(separator: " ")
            print(
                result.name.padding(toLength: width, withPad: " ", startingAt: 0), String(format: "%10.0f ops/s", result.opsPerSecond),
                "  " + result.latency.formatted, "  rounds:", rounds)
        }
        if let transaction = results.first(where: { $0.name == VerifyBenchmark.transactionName }),
            let reference = results.first(where: { $0.name == VerifyBenchmark.referenceName })
        {
            print(
                String(
                    format: "transaction verify+decode = %.2f × bare P-256 verification", transaction.opsPerSecond / reference.opsPerSecond)
            )
        }
    }
}

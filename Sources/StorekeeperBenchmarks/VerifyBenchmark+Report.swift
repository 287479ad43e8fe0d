import Foundation

extension VerifyBenchmark {
    /// Measures for `seconds` per benchmark (split into 5 rounds; the median round is reported)
    /// and prints a table, or with `json` an array of `{name, opsPerSecond, p50Microseconds,
    /// p99Microseconds}`.
    public static func measureAndPrint(seconds: Double, json: Bool) throws {
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
            print("warning: debug build; run `swift run -c release storekeeper-bench verify` for real figures")
        #endif
        let width = results.map(\.name.count).max() ?? 0
        for result in results {
            let rounds = result.rounds.map { String(Int($0)) }.joined(separator: " ")
            print(
                result.name.padding(toLength: width, withPad: " ", startingAt: 0), String(format: "%10.0f ops/s", result.opsPerSecond),
                "  " + result.latency.formatted, "  rounds:", rounds)
        }
        if let transaction = results.first(where: { $0.name == transactionName }),
            let reference = results.first(where: { $0.name == referenceName })
        {
            print(
                String(
                    format: "transaction verify+decode = %.2f × bare P-256 verification", transaction.opsPerSecond / reference.opsPerSecond)
            )
        }
    }
}

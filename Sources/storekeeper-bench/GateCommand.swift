import ArgumentParser
import StorekeeperBenchmarks

/// `storekeeper-bench gate`: performance gates' work, for `scripts/perf-gates.sh` to count
/// under callgrind (`GateRunner`).
struct GateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Run gates' operations (scripts/perf-gates.sh counts their instructions and allocations under callgrind).")

    @Argument(help: "The operations, run in this order: \(GateOperation.allCases.map(\.rawValue).joined(separator: ", ")).")
    var operations: [String] = []

    @Flag(help: "List the operations, one a line, and exit.")
    var list = false

    @Option(help: "Iterations run before counting starts.")
    var warmup = 3

    @Option(help: "Iterations counted.")
    var iterations = 20

    func run() async throws {
        if list {
            print(GateOperation.allCases.map(\.rawValue).joined(separator: "\n"))
            return
        }
        try await reportingUsage {
            let gates = try operations.map { name in
                guard let gate = GateOperation(rawValue: name) else { throw BenchmarkUsageError("\(name) is not one of --list") }
                return gate
            }
            guard !gates.isEmpty else { throw BenchmarkUsageError("name operations of --list") }
            try await GateRunner.run(gates, warmup: warmup, iterations: iterations)
        }
    }
}

import ArgumentParser
import StorekeeperBenchmarks

/// The wrk settings every HTTP benchmark takes.
struct LoadArguments: ParsableArguments {
    @Option(help: "Seconds of measured load.")
    var seconds: Int = 10

    @Option(help: "Seconds of load before the measurement (figures discarded).")
    var warmUp: Int = 3

    @Option(help: "Concurrent keep-alive connections.")
    var connections: Int = 32

    @Option(help: "wrk threads (the load generator shares the machine's cores with the server).")
    var threads: Int = 1

    @Option(help: "The wrk executable (default: /usr/bin/wrk or /usr/local/bin/wrk).")
    var wrk: String?

    @Option(help: "Directory for minted bodies and seeded databases (default: $TMPDIR/storekeeper-bench).")
    var directory: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Flag(help: "Send Storekeeper-Nonce with every request, so that every answer is signed.")
    var answerNonce = false

    func validate() throws {
        guard (1...600).contains(seconds) else { throw ValidationError("--seconds must be 1...600") }
        guard (0...60).contains(warmUp) else { throw ValidationError("--warm-up must be 0...60") }
        guard (1...10_000).contains(connections) else { throw ValidationError("--connections must be 1...10000") }
        guard (1...64).contains(threads), threads <= connections else {
            throw ValidationError("--threads must be 1...64 and at most --connections")
        }
    }

    var settings: LoadSettings {
        var settings = LoadSettings(
            seconds: seconds, warmUp: warmUp, connections: connections, threads: threads, wrk: wrk, directory: directory, json: json)
        settings.answerNonce = answerNonce
        return settings
    }
}

/// Where the write benchmarks store their data.
struct BackendArguments: ParsableArguments {
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case sqlite, postgres
    }

    @Option(help: "sqlite or postgres.")
    var backend: Kind = .sqlite

    @Option(
        help:
            "PostgreSQL URL for --backend postgres (default: $STOREKEEPER_BENCH_POSTGRES_URL); each run creates and drops a schema of its own there. See scripts/bench.sh."
    )
    var postgres: String?

    @Option(help: "SQLite file for --backend sqlite (default: a new temporary file, deleted afterwards).")
    var database: String?

    var settings: BackendSettings {
        BackendSettings(backend: backend == .sqlite ? .sqlite : .postgres, postgres: postgres, database: database)
    }
}

/// The options of an in-process measurement (`storekeeper-bench verify`, `storekeeper-bench json`).
struct MeasureArguments: ParsableArguments {
    @Option(help: "Seconds to measure each benchmark (split into 5 rounds; the median round is reported).")
    var seconds: Double = 5

    @Flag(help: "Print a JSON array of {name, opsPerSecond, p50Microseconds, p99Microseconds} instead of a table.")
    var json = false

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
    }
}

/// Runs a benchmark; a setting it cannot work with is reported as a usage error (exit 2), as
/// ArgumentParser's own checks are.
func reportingUsage(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as BenchmarkUsageError {
        throw ValidationError(error.description)
    }
}

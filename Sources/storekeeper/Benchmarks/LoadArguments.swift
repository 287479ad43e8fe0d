import ArgumentParser
import Foundation

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

    func validate() throws {
        guard (1...600).contains(seconds) else { throw ValidationError("--seconds must be 1...600") }
        guard (0...60).contains(warmUp) else { throw ValidationError("--warm-up must be 0...60") }
        guard (1...10_000).contains(connections) else { throw ValidationError("--connections must be 1...10000") }
        guard (1...64).contains(threads), threads <= connections else {
            throw ValidationError("--threads must be 1...64 and at most --connections")
        }
    }

    func http() throws -> HTTPBenchmark {
        HTTPBenchmark(
            wrk: WrkRunner(threads: threads, connections: connections, seconds: seconds, wrkPath: try WrkRunner.locate(wrk)),
            warmUpSeconds: warmUp, workDirectory: try LoadOptions.workDirectory(directory), json: json)
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

    /// The backend, and whether its SQLite file is temporary.
    func resolve(directory: URL) throws -> (BenchmarkStack.Backend, temporaryFile: String?) {
        switch backend {
        case .sqlite:
            if let database { return (.sqlite(path: database), nil) }
            let path = directory.appendingPathComponent("write-\(UUID().uuidString.prefix(8)).sqlite").path
            return (.sqlite(path: path), path)
        case .postgres:
            guard let url = postgres ?? ProcessInfo.processInfo.environment["STOREKEEPER_BENCH_POSTGRES_URL"] else {
                throw ValidationError("--backend postgres needs --postgres URL or STOREKEEPER_BENCH_POSTGRES_URL")
            }
            return (.postgres(url: url), nil)
        }
    }

    static func removeSQLite(_ path: String?) {
        guard let path else { return }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// Runs blocking work (wrk, minting) on a thread of its own, never on Swift's cooperative pool,
/// which the server under test needs.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}

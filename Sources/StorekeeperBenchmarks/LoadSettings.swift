import Foundation
import StorekeeperAPIModels

/// The wrk settings every HTTP benchmark takes (the command line's `--seconds`, `--warm-up`,
/// `--connections`, `--threads`, `--wrk`, `--directory`, `--json`).
public struct LoadSettings: Sendable {
    /// Seconds of measured load.
    public var seconds: Int
    /// Seconds of load before the measurement (figures discarded).
    public var warmUp: Int
    /// Concurrent keep-alive connections.
    public var connections: Int
    /// wrk threads (the load generator shares the machine's cores with the server).
    public var threads: Int
    /// The wrk executable; `nil`: /usr/bin/wrk or /usr/local/bin/wrk.
    public var wrk: String?
    /// Directory for minted bodies and seeded databases; `nil`: $TMPDIR/storekeeper-bench.
    public var directory: String?
    /// Print the result as JSON.
    public var json: Bool
    /// Send `Storekeeper-Nonce` with every request, so that every answer is signed.
    public var answerNonce = false

    public init(seconds: Int, warmUp: Int, connections: Int, threads: Int, wrk: String?, directory: String?, json: Bool) {
        self.seconds = seconds
        self.warmUp = warmUp
        self.connections = connections
        self.threads = threads
        self.wrk = wrk
        self.directory = directory
        self.json = json
    }

    /// The wrk scripts' last argument: the nonce every request carries, when answers are signed.
    var nonceArguments: [String] { answerNonce ? [Base64URL.encode([UInt8](repeating: 0x5a, count: 32))] : [] }

    /// The report's note on signing.
    var nonceNotes: [String] { answerNonce ? ["every request carries Storekeeper-Nonce: every answer is signed"] : [] }

    func http() throws -> HTTPBenchmark {
        HTTPBenchmark(
            wrk: WrkRunner(threads: threads, connections: connections, seconds: seconds, wrkPath: try WrkRunner.locate(wrk)),
            warmUpSeconds: warmUp, workDirectory: try LoadOptions.workDirectory(directory), json: json)
    }
}

/// Where the write benchmarks store their data (the command line's `--backend`, `--postgres`,
/// `--database`).
public struct BackendSettings: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case sqlite, postgres
    }

    public var backend: Kind
    /// PostgreSQL URL for `.postgres`; `nil`: `$STOREKEEPER_BENCH_POSTGRES_URL`. Each run creates
    /// and drops a schema of its own there.
    public var postgres: String?
    /// SQLite file for `.sqlite`; `nil`: a new temporary file, deleted afterwards.
    public var database: String?

    public init(backend: Kind, postgres: String?, database: String?) {
        self.backend = backend
        self.postgres = postgres
        self.database = database
    }

    /// The backend, and whether its SQLite file is temporary.
    func resolve(directory: URL) throws -> (BenchmarkStack.Backend, temporaryFile: String?) {
        switch backend {
        case .sqlite:
            if let database { return (.sqlite(path: database), nil) }
            let path = directory.appendingPathComponent("write-\(UUID().uuidString.prefix(8)).sqlite").path
            return (.sqlite(path: path), path)
        case .postgres:
            guard let url = postgres ?? ProcessInfo.processInfo.environment["STOREKEEPER_BENCH_POSTGRES_URL"] else {
                throw BenchmarkUsageError("--backend postgres needs --postgres URL or STOREKEEPER_BENCH_POSTGRES_URL")
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

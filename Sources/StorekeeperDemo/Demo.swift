import Foundation
import Hummingbird
import Logging
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import UnixSignals

/// The demo `storekeeper demo` runs: the App Store simulator (sandbox-accelerated clock: 1 month
/// = 5 minutes) and a Storekeeper server that trusts it, on loopback ports, with a SQLite
/// database, and a scripted walk through Storekeeper's HTTP API printing what each party did:
/// a consumable credited to a wallet, a non-consumable, a non-renewing subscription, an
/// auto-renewable subscription that renews, a restore on a new device, and a guest's purchases
/// merged into an account. Nothing leaves this machine.
public struct Demo: Sendable {
    /// The SQLite database file to create (kept afterwards); `nil`: a temporary file, deleted
    /// at the end.
    public var sqlite: String?
    /// Leave both servers running afterwards (until SIGINT or SIGTERM) and print their URLs, an
    /// API key, a customer token, and the web console with an operator to sign in as.
    public var keepRunning: Bool
    /// Print the servers' logs (info level) to standard error.
    public var verbose: Bool

    public init(sqlite: String? = nil, keepRunning: Bool = false, verbose: Bool = false) {
        self.sqlite = sqlite
        self.keepRunning = keepRunning
        self.verbose = verbose
    }

    /// Runs the demo; throws if any of its checks fails.
    public func run() async throws {
        var configuredLogger = Logger(label: "storekeeper.demo", factory: { StreamLogHandler.standardError(label: $0) })
        // Servers cancelled at the end log their open connections; only `verbose` shows logs.
        configuredLogger.logLevel = verbose ? .info : .critical
        let logger = configuredLogger
        let temporary = sqlite == nil
        let databasePath =
            sqlite
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("storekeeper-demo-\(UUID().uuidString).sqlite").path
        defer {
            if temporary {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
            }
        }
        let backend = DemoBackend(secret: "whsec-demo-" + UUID().lowercasedString)
        let keepRunning = keepRunning
        try await withThrowingTaskGroup(of: Void.self) { group in
            let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
            let backendServer = GracefulService(
                backend.application(logger: logger, onPort: { _ = portContinuation.yield($0) }), logger: logger)
            group.addTask { try await backendServer.run() }
            var portIterator = ports.makeAsyncIterator()
            guard let backendPort = await portIterator.next() else { throw CancellationError() }

            var options = LocalStack.Options()
            options.backend = .sqlite(path: databasePath)
            options.clockMode = .system
            options.durationMode = .accelerated
            options.jobInterval = .milliseconds(200)
            options.webhooks = [
                .init(name: "backend", url: "http://127.0.0.1:\(backendPort)\(backend.path)", secret: backend.secret)
            ]
            options.logger = logger
            let timeline = DemoTimeline()
            let finished = DemoFinished()
            do {
                try await LocalStack.run(options) { stack in
                    let script = DemoScript(stack: stack, timeline: timeline, backend: backend, databasePath: databasePath)
                    try await script.run()
                    script.whereNext(keepRunning: keepRunning)
                    if keepRunning {
                        try await script.printExploration()
                        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
                        for await _ in signals { break }
                        timeline.line("\nStopping.")
                    }
                    finished.set()
                }
            } catch is CancellationError where finished.isSet {
                // The servers were cancelled after the script finished; some report it as an error.
            }
            // Storekeeper, which delivers to the backend, has stopped: the backend can go too.
            await backendServer.stop()
        }
    }
}

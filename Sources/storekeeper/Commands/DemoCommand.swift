import ArgumentParser
import Foundation
import Hummingbird
import Logging
import StorekeeperLocal
import StorekeeperServer
import Synchronization
import UnixSignals

/// `storekeeper demo`: the App Store simulator and Storekeeper together on loopback, and a
/// scripted walk through Storekeeper's HTTP API that prints what each party did.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the App Store simulator and Storekeeper together and walk through every kind of purchase.",
        discussion: """
            Starts the App Store simulator (sandbox-accelerated clock: 1 month = 5 minutes) and a \
            Storekeeper server that trusts it, on loopback ports, with a SQLite database. Then, \
            through Storekeeper's HTTP API: a consumable credited to a wallet, a non-consumable, a \
            non-renewing subscription, an auto-renewable subscription that renews, a restore on a new \
            device, and a guest's purchases merged into an account; the timeline shows who did what, \
            what Apple signed and sent, and what Storekeeper granted. Nothing leaves this machine.
            """)

    @Option(
        help: "SQLite database file to create (kept afterwards; must not hold an earlier run). Default: a temporary file, deleted at exit.")
    var sqlite: String?

    @Flag(help: "Leave both servers running afterwards and print their URLs, an API key and a customer token.")
    var keepRunning = false

    @Flag(help: "Print the servers' logs (info level) to standard error.")
    var verbose = false

    func validate() throws {
        if let sqlite, let size = (try? FileManager.default.attributesOfItem(atPath: sqlite))?[.size] as? Int, size > 0 {
            throw ValidationError(
                "\(sqlite) already exists: the demo's simulator starts afresh on every run, so its transaction IDs would "
                    + "collide with the earlier run's. Give a new file or delete it.")
        }
    }

    func run() async throws {
        var configuredLogger = Logger(label: "storekeeper.demo", factory: { StreamLogHandler.standardError(label: $0) })
        // Servers cancelled at the end log their open connections; only --verbose shows logs.
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
        let backend = DemoBackend(secret: "whsec-demo-" + UUID().uuidString.lowercased())
        let keepRunning = keepRunning
        try await withThrowingTaskGroup(of: Void.self) { group in
            let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
            group.addTask {
                try await backend.application(logger: logger, onPort: { _ = portContinuation.yield($0) }).runService()
            }
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
                        try script.printExploration()
                        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
                        for await _ in signals { break }
                        timeline.line("\nStopping.")
                    }
                    finished.set()
                }
            } catch is CancellationError where finished.isSet {
                // The servers were cancelled after the script finished; some report it as an error.
            }
            group.cancelAll()
        }
    }
}

/// Set once the demo's script has finished, so errors from stopping the servers afterwards are
/// not mistaken for a failed demo.
final class DemoFinished: Sendable {
    private let state = Mutex(false)

    func set() { state.withLock { $0 = true } }

    var isSet: Bool { state.withLock { $0 } }
}

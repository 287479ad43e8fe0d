import ArgumentParser
import Foundation
import Logging
import StorekeeperApplication
import StorekeeperBenchmarks
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// `storekeeper-bench`: Storekeeper's performance measurements (build with `-c release`). They
/// live in an executable of their own so that the operators' `storekeeper` carries no lab.
@main
struct BenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storekeeper-bench",
        abstract: "Measure Storekeeper's performance (release builds; BENCHMARKS.md has the figures).",
        subcommands: [
            VerifyBenchmarkCommand.self, PurchasesBenchmarkCommand.self, CustomersBenchmarkCommand.self,
            NotificationsBenchmarkCommand.self, ReconcileBenchmarkCommand.self, JSONBenchmarkCommand.self,
            AdminBenchmarkCommand.self,
            OverviewBenchmarkCommand.self, AnalyticsBenchmarkCommand.self,
            ConsoleBenchmarkCommand.self,
            RecoveryBenchmarkCommand.self, RecoveryWorkerCommand.self, ImportBenchmarkCommand.self,
            RetentionBenchmarkCommand.self, EventsBenchmarkCommand.self, GateCommand.self,
        ])

    /// Usage errors exit with 2, as `storekeeper`'s do; logs go to standard error, so standard
    /// output carries only the figures (tables or JSON).
    ///
    /// The main thread waits on a semaphore for the command's task rather than handing itself to
    /// Dispatch (what an `async` main does on Linux): Valgrind 3.19 dies in the signal wait that
    /// Dispatch parks the main thread in, and the gates run under callgrind.
    static func main() {
        LoggingSystem.bootstrap { StorekeeperLogHandler.standardError(label: $0, metadataProvider: nil) }
        let finished = DispatchSemaphore(value: 0)
        // Detached: `main` runs on the main actor, whose thread is about to wait.
        Task.detached {
            await runCommand()
            finished.signal()
        }
        finished.wait()
    }

    private static func runCommand() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// `storekeeper-bench verify`: verification, signing and the bare P-256 reference.
struct VerifyBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Single-threaded verify+decode throughput and latency against a bare P-256 verification.")

    @OptionGroup var measure: MeasureArguments

    func run() async throws {
        try VerifyBenchmark.measureAndPrint(seconds: measure.seconds, json: measure.json)
    }
}

/// `storekeeper-bench purchases`: purchase submission end to end.
struct PurchasesBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purchases",
        abstract: "POST /v1/apps/{app}/purchases end to end (HTTP → verify → commit → respond): requests/s, p50/p99.",
        discussion: """
            Every request is a new buyer presenting a NEW consumable transaction (StoreKit 2 JWS) signed \
            by a freshly minted Apple-shaped chain that the server, in development mode, trusts. Bodies \
            are minted before the server starts; wrk sends each once over keep-alive connections.
            """)

    @OptionGroup var load: LoadArguments
    @OptionGroup var storage: BackendArguments

    @Option(help: "Bodies to mint; must exceed what the server completes in --seconds (a shortfall is reported).")
    var requests: Int = 60_000

    func run() async throws {
        try await reportingUsage {
            try await WriteBenchmark(load: load.settings, storage: storage.settings, requests: requests, kind: .purchases).run()
        }
    }
}

/// `storekeeper-bench notifications`: V2 webhooks end to end.
struct NotificationsBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "POST /v1/apps/{app}/notifications (V2) end to end (HTTP → verify → commit → respond): requests/s, p50/p99.",
        discussion: """
            Every request is a distinct signed ONE_TIME_CHARGE notification (its own notificationUUID) \
            carrying a NEW consumable transaction, signed by a freshly minted Apple-shaped chain that the \
            server, in development mode, trusts.
            """)

    @OptionGroup var load: LoadArguments
    @OptionGroup var storage: BackendArguments

    @Option(help: "Bodies to mint; must exceed what the server completes in --seconds (a shortfall is reported).")
    var requests: Int = 40_000

    func run() async throws {
        try await reportingUsage {
            try await WriteBenchmark(load: load.settings, storage: storage.settings, requests: requests, kind: .notifications).run()
        }
    }
}

/// `storekeeper-bench customers`: the customer read path under load.
struct CustomersBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "customers",
        abstract: "GET /v1/apps/{app}/customers/{id} with random ids over N stored customers (SQLite): requests/s, p50/p99.",
        discussion: """
            Seeds a SQLite file with N customers (each with three purchases, a subscription, two grants \
            and a wallet balance) by bulk SQL, once, and reuses it on later runs. wrk picks a uniformly \
            random customer id for every request (a LuaJIT script), authenticated with a server API key.
            """)

    @OptionGroup var load: LoadArguments

    @Option(help: "Customers stored.")
    var customers: Int = 1_000_000

    @Option(help: "The seeded SQLite file (default: <directory>/customers-<N>.sqlite, reused across runs).")
    var database: String?

    @Flag(help: "Seed again even if the file is already seeded.")
    var reseed = false

    func run() async throws {
        try await reportingUsage {
            try await CustomersBenchmark(load: load.settings, customers: customers, database: database, reseed: reseed).run()
        }
    }
}

import ArgumentParser
import Foundation
import StorekeeperBenchmarks

/// `storekeeper-bench recovery`: see `RecoveryBenchmark`.
struct RecoveryBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recovery",
        abstract:
            "Time to zero backlog recovering missed notifications from Notification History within Apple's budget, and resuming after kill -9 (goal: 0.5x of the ceiling)."
    )

    @Option(help: "Notifications missed during the outage.")
    var notifications = 100_000

    @Option(help: "Hours the outage lasted (the notifications are spread over them).")
    var hours = 24

    @Option(help: "Latency the simulator adds to every Server API answer, in milliseconds.")
    var latencyMs: Int64 = 150

    @Option(help: "Uniform jitter around --latency-ms, in milliseconds.")
    var jitterMs: Int64 = 50

    @Option(help: "Time slices the recovery window is cut into.")
    var slices = 64

    @Option(help: "Slices paged at once.")
    var concurrency = 16

    @Option(help: "Fraction of the pages after which the recovering process is killed with SIGKILL.")
    var killAt = 0.5

    func run() async throws {
        try await reportingUsage {
            try await RecoveryBenchmark(
                notifications: notifications, hours: hours, latencyMilliseconds: latencyMs, jitterMilliseconds: jitterMs,
                sliceCount: slices, concurrency: concurrency, killAt: killAt,
                executable: Bundle.main.executablePath ?? CommandLine.arguments[0]
            ).run()
        }
    }
}

/// `storekeeper-bench recovery-worker SPEC`: the recovering process of `storekeeper-bench recovery`.
struct RecoveryWorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recovery-worker", abstract: "The child process of `storekeeper-bench recovery` (not for direct use).",
        shouldDisplay: false)

    @Argument(help: "The worker's JSON spec, written by `storekeeper-bench recovery`.")
    var spec: String

    func run() async throws {
        try await RecoveryWorker(specPath: spec).run()
    }
}

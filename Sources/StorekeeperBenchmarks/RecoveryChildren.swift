import AppStoreModels
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import StorekeeperStore

#if canImport(Glibc)
    import Glibc
#endif

/// The child processes of `storekeeper-bench recovery` and the parent's look at their databases.
struct RecoveryChildren: Sendable {
    let executable: String
    let directory: URL

    struct Run: Sendable {
        var report: RecoveryWorker.Report
        /// From starting the process to its exit (start-up and migrations included).
        var wallSeconds: Double
    }

    static let logger = Logger(label: "storekeeper.benchmark.recovery", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A fresh database whose sweep last heard from Apple when the outage began.
    func prepare(_ spec: RecoveryWorker.Spec, outageStart: Date) async throws {
        try await withStore(spec) { store in
            try await store.write { tx in
                try await tx.setWatermark(
                    RecoveryWorker.sweepName(appId: spec.appId), value: String(Timestamp(outageStart).millisecondsSince1970))
            }
        }
    }

    func processed(_ spec: RecoveryWorker.Spec) async throws -> Int {
        try await withStore(spec) { store in try await store.read { try await $0.inboxCount(status: .processed) } }
    }

    func slices(_ spec: RecoveryWorker.Spec, job: String) async throws -> [RecoverySlice] {
        try await withStore(spec) { store in try await store.read { try await $0.recoverySlices(job: job) } }
    }

    private func withStore<T: Sendable>(_ spec: RecoveryWorker.Spec, _ body: (any PurchaseStore) async throws -> T) async throws -> T {
        let storage = try await StoreBootstrap.open(.sqlite(path: spec.database), logger: Self.logger)
        do {
            _ = try await storage.store.migrate()
            let result = try await body(storage.store)
            await storage.close()
            return result
        } catch {
            await storage.close()
            throw error
        }
    }

    /// Runs the worker to its end.
    func run(_ spec: RecoveryWorker.Spec) async throws -> Run {
        let (process, output) = try start(spec)
        let clock = ContinuousClock()
        let started = clock.now
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        let elapsed = clock.now - started
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0, let line = text.split(separator: "\n").last,
            let report = try? JSONDecoder().decode(RecoveryWorker.Report.self, from: Data(line.utf8))
        else { throw BenchmarkFailure("the recovery worker failed (status \(process.terminationStatus)): \(text.suffix(2000))") }
        return Run(
            report: report, wallSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Runs the worker until `halfway` holds, then kills it with SIGKILL.
    func runAndKill(_ spec: RecoveryWorker.Spec, when halfway: @Sendable () -> Bool) async throws {
        let (process, _) = try start(spec)
        while process.isRunning, !halfway() { try await Task.sleep(for: .milliseconds(10)) }
        guard process.isRunning else { throw BenchmarkFailure("the worker finished before it could be killed") }
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        guard process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL else {
            throw BenchmarkFailure("the worker was not killed by SIGKILL")
        }
    }

    private func start(_ spec: RecoveryWorker.Spec) throws -> (Process, Pipe) {
        let specURL = directory.appendingPathComponent("spec-\(UUID.random().uuidString).json")
        try JSONEncoder().encode(spec).write(to: specURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["recovery-worker", specURL.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }
}

import AppStoreModels
import AppStoreSimulator
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// `storekeeper-bench recovery`: how fast a Storekeeper that missed `notifications`
/// notifications over `hours` hours gets its backlog to zero from Apple's Notification History,
/// against the ceiling Apple's production budget allows (50 requests a second of 20 records),
/// with every Server API answer delayed `latency` ± `jitter` ms by the simulator, which enforces
/// that budget (a request over it would be answered 429 and show in its log).
///
/// The simulator runs in this process; the recovering Storekeeper is a child process
/// (`storekeeper-bench recovery-worker`) on a SQLite database whose sweep watermark says it last heard
/// from Apple when the outage began. Two runs, each on a fresh database: a clean one for the
/// throughput and time to zero backlog, and one whose child is killed with SIGKILL once
/// `killAt` of the pages were answered, then restarted on the same database — the pages it
/// fetches again are counted from the simulator's log.
public struct RecoveryBenchmark: Sendable {
    public var notifications: Int
    public var hours: Int
    public var latencyMilliseconds: Int64
    public var jitterMilliseconds: Int64
    public var sliceCount: Int
    public var concurrency: Int
    public var killAt: Double
    /// This executable (the child runs `storekeeper-bench recovery-worker` from it).
    public var executable: String

    public init(
        notifications: Int, hours: Int, latencyMilliseconds: Int64, jitterMilliseconds: Int64, sliceCount: Int, concurrency: Int,
        killAt: Double, executable: String
    ) {
        self.notifications = notifications
        self.hours = hours
        self.latencyMilliseconds = latencyMilliseconds
        self.jitterMilliseconds = jitterMilliseconds
        self.sliceCount = sliceCount
        self.concurrency = concurrency
        self.killAt = killAt
        self.executable = executable
    }

    static let appId = "recovery"
    var rate: Double { AppStoreServerEndpoint.getNotificationHistory.appleRequestsPerSecond }

    public func run() async throws {
        guard (1...1_000_000).contains(notifications), (1...720).contains(hours), (0.05...0.95).contains(killAt) else {
            throw BenchmarkUsageError("--notifications 1...1000000, --hours 1...720, --kill-at 0.05...0.95")
        }
        let latency: APILatency
        do throws(SimulatorError) {
            latency = try APILatency(fixedMilliseconds: latencyMilliseconds, jitterMilliseconds: jitterMilliseconds, seed: 20)
        } catch {
            throw BenchmarkUsageError(error.description)
        }
        let clock = ContinuousClock()
        let outageStart = Date().addingTimeInterval(-Double(hours) * 3600 - 300)
        let simulator = try AppStoreSimulator(
            configuration: .init(
                clockMode: .manual, start: outageStart, durationMode: .production,
                logger: Logger(label: "simulator", factory: { _ in SwiftLogNoOpLogHandler() })))
        try simulator.configureApp(DemoCatalog.app(notificationURL: nil))
        let accounts = (0..<100).map { "buyer-\($0)" }
        for account in accounts { try simulator.upsertAccount(SimulatedAccount(id: account, environment: .production)) }
        let seeding = clock.now
        try await simulator.seedPurchases(
            notifications, accountIds: accounts, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.gems,
            spacingMilliseconds: Int64(hours) * 3_600_000 / Int64(notifications))
        print("seeded \(notifications) missed notifications over \(hours) h in \(clock.now - seeding)")
        simulator.setAPILatency(latency)
        simulator.setAPIRateBudget(.apple)

        let port = ServerPort()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let application = SimulatorServer.buildApplication(
                    simulator: simulator, port: 0, logger: Logger(label: "simulator-http", factory: { _ in SwiftLogNoOpLogHandler() }),
                    onServerRunning: { channel in port.set(channel.localAddress?.port ?? 0) })
                try await port.reportingEnd { try await application.runService() }
            }
            let url = "http://127.0.0.1:\(try await port.wait())"
            do {
                try await measure(simulator: simulator, url: url, outageStart: outageStart)
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }

    /// Two decimals.
    static func seconds(_ value: Double) -> String { String(format: "%.2f", value) }

    private func measure(simulator: AppStoreSimulator, url: String, outageStart: Date) async throws {
        let app = try simulator.credentials(bundleId: DemoCatalog.bundleId)
        guard let key = app.apiKey, let pem = key.privateKeyPEM else { throw BenchmarkFailure("the simulator made no API key") }
        let rootPEM = try simulator.keys.rootCertificatePEM
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recovery-\(UUID.random().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func spec(_ name: String) -> RecoveryWorker.Spec {
            RecoveryWorker.Spec(
                simulatorURL: url, appId: Self.appId, bundleId: app.bundleId, appAppleId: app.appAppleId, issuerId: key.issuerId,
                keyId: key.keyId, privateKeyPEM: pem, rootCertificatePEM: rootPEM,
                database: directory.appendingPathComponent(name + ".sqlite").path, sliceCount: sliceCount, concurrency: concurrency)
        }
        let children = RecoveryChildren(executable: executable, directory: directory)
        print(
            "latency \(latencyMilliseconds) ± \(jitterMilliseconds) ms, budget \(Int(rate)) requests/s (Apple, production), "
                + "\(sliceCount) slices, \(concurrency) at once")

        // 1. Clean run.
        let clean = spec("clean")
        try await children.prepare(clean, outageStart: outageStart)
        simulator.clearReceivedRequests()
        let cleanRun = try await children.run(clean)
        let cleanLog = RecoveryLog(simulator.receivedRequests())
        let processed = try await children.processed(clean)
        let ceilingSeconds = Double(cleanLog.answered.count) / rate
        let throughput = Double(notifications) / cleanRun.report.seconds
        print("clean run: \(processed) of \(notifications) notifications processed (recovered \(cleanRun.report.recovered))")
        let ratio = ceilingSeconds / cleanRun.report.seconds
        print(
            "  time to zero backlog \(Self.seconds(cleanRun.report.seconds)) s (the sweep), \(Self.seconds(cleanRun.wallSeconds)) s "
                + "(process start to exit); ceiling \(Self.seconds(ceilingSeconds)) s for \(cleanLog.answered.count) pages at \(Int(rate))/s"
        )
        print(
            "  throughput \(Int(throughput.rounded())) notifications/s against a ceiling of \(Int(rate) * 20)/s: "
                + "ratio \(Self.seconds(ratio))x (goal 0.5x)")
        print(
            "  simulator log: \(cleanLog.requests.count) history requests, \(cleanLog.refused) answered 429, \(cleanLog.failed) other errors, "
                + "peak \(cleanLog.peakPerSecond) in one second (budget: \(Int(rate))/s, burst \(Int(rate)))")

        // 2. Killed halfway, restarted on the same database.
        let killed = spec("killed")
        try await children.prepare(killed, outageStart: outageStart)
        simulator.clearReceivedRequests()
        let target = Int(Double(cleanLog.answered.count) * killAt)
        try await children.runAndKill(killed) { RecoveryLog(simulator.receivedRequests()).answered.count >= target }
        let beforeKill = RecoveryLog(simulator.receivedRequests())
        let slices = try await children.slices(killed, job: RecoveryWorker.sweepName(appId: Self.appId))
        simulator.clearReceivedRequests()
        let resumed = try await children.run(killed)
        let afterRestart = RecoveryLog(simulator.receivedRequests())
        let resumedProcessed = try await children.processed(killed)
        var appliedAgain = 0
        let firstPages = beforeKill.pagesBySlice
        let secondPages = Set(afterRestart.answered.compactMap(\.detail))
        for slice in slices {
            let window = "\(slice.start.millisecondsSince1970)-\(slice.end.millisecondsSince1970)"
            appliedAgain += (firstPages[window] ?? []).prefix(slice.pagesApplied).filter(secondPages.contains).count
        }
        let fetchedAgain = secondPages.intersection(Set(beforeKill.answered.compactMap(\.detail))).count
        print(
            "kill -9 run: killed after \(beforeKill.answered.count) of ~\(cleanLog.answered.count) pages; "
                + "watermarks: \(slices.map(\.pagesApplied).reduce(0, +)) pages applied, \(slices.count { $0.isComplete }) of \(slices.count) slices complete"
        )
        print(
            "  restart resumed \(resumed.report.resumedSlices) slices, fetched \(afterRestart.answered.count) pages in \(Self.seconds(resumed.report.seconds)) s; "
                + "\(resumedProcessed) of \(notifications) notifications processed")
        print(
            "  pages fetched again after the restart: \(fetchedAgain) (in flight, not applied, at the kill); of the applied pages: \(appliedAgain)"
        )
        print(
            "  simulator log: \(beforeKill.refused + afterRestart.refused) answered 429, peak \(max(beforeKill.peakPerSecond, afterRestart.peakPerSecond)) in one second"
        )
        guard processed == notifications, resumedProcessed == notifications, appliedAgain == 0,
            cleanLog.refused + beforeKill.refused + afterRestart.refused == 0
        else {
            throw BenchmarkFailure("recovery incomplete, a page applied was fetched again, or a request was over budget")
        }
    }
}

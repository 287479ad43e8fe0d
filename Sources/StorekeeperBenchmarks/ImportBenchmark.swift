import AppStoreModels
import AppStoreSimulator
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperServer

/// `storekeeper-bench import`: how fast `rows` customers (one gems purchase each, in
/// production) are imported from a CSV of their transaction ids, against the ceiling Apple's
/// production budget for Get Transaction History allows (50 requests a second, one per row),
/// with every Server API answer delayed `latency` ± `jitter` ms by the simulator, which enforces
/// that budget (a request over it is answered 429 and shows in its log). Storekeeper runs in this
/// process on a fresh SQLite database, its import job driven directly (no background jobs).
public struct ImportBenchmark: Sendable {
    public var rows: Int
    public var latencyMilliseconds: Int64
    public var jitterMilliseconds: Int64
    public var concurrency: Int

    public init(rows: Int, latencyMilliseconds: Int64, jitterMilliseconds: Int64, concurrency: Int) {
        self.rows = rows
        self.latencyMilliseconds = latencyMilliseconds
        self.jitterMilliseconds = jitterMilliseconds
        self.concurrency = concurrency
    }

    static let appId = "import"
    var rate: Double { AppStoreServerEndpoint.getTransactionHistory.appleRequestsPerSecond }

    public func run() async throws {
        guard (1...1_000_000).contains(rows), (1...256).contains(concurrency) else {
            throw BenchmarkUsageError("--rows 1...1000000, --concurrency 1...256")
        }
        let latency: APILatency
        do throws(SimulatorError) {
            latency = try APILatency(fixedMilliseconds: latencyMilliseconds, jitterMilliseconds: jitterMilliseconds, seed: 35)
        } catch {
            throw BenchmarkUsageError(error.description)
        }
        let clock = ContinuousClock()
        let silent = Logger(label: "storekeeper.benchmark.import", factory: { _ in SwiftLogNoOpLogHandler() })
        let simulator = try AppStoreSimulator(
            configuration: .init(clockMode: .manual, start: Date(), durationMode: .production, logger: silent))
        try simulator.configureApp(DemoCatalog.app(notificationURL: nil))
        let accounts = (0..<rows).map { "customer-\($0)" }
        try simulator.upsertAccounts(accounts.map { SimulatedAccount(id: $0, environment: .production) })
        let seeding = clock.now
        _ = try await simulator.seedPurchases(
            rows, accountIds: accounts, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.gems, spacingMilliseconds: 0)
        let byAccount = Dictionary(
            simulator.snapshot().transactions.values.map { ($0.accountId, $0.payload.transactionId ?? "") },
            uniquingKeysWith: { first, _ in first })
        var csv = "customerId,transactionId\n"
        for account in accounts { csv += "\(account),\(byAccount[account] ?? "")\n" }
        print("seeded \(rows) customers in \(clock.now - seeding)")
        simulator.setAPILatency(latency)
        simulator.setAPIRateBudget(.apple)

        let port = ServerPort()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let application = SimulatorServer.buildApplication(
                    simulator: simulator, port: 0, logger: silent, onServerRunning: { port.set($0.localAddress?.port ?? 0) })
                try await port.reportingEnd { try await application.runService() }
            }
            do {
                try await measure(simulator: simulator, url: "http://127.0.0.1:\(try await port.wait())", csv: csv, logger: silent)
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }

    private func measure(simulator: AppStoreSimulator, url: String, csv: String, logger: Logger) async throws {
        let app = try simulator.credentials(bundleId: DemoCatalog.bundleId)
        guard let key = app.apiKey, let pem = key.privateKeyPEM else { throw BenchmarkFailure("the simulator made no API key") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID.random().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = RecoveryWorker.Spec(
            simulatorURL: url, appId: Self.appId, bundleId: app.bundleId, appAppleId: app.appAppleId, issuerId: key.issuerId,
            keyId: key.keyId, privateKeyPEM: pem, rootCertificatePEM: try simulator.keys.rootCertificatePEM,
            database: directory.appendingPathComponent("import.sqlite").path, sliceCount: 1, concurrency: concurrency)
        let configuration = try RecoveryWorker.configuration(spec)
        let storage = try await StoreBootstrap.open(configuration.storage, logger: logger)
        var builder = StorekeeperApplicationBuilder(configuration: configuration, storage: storage, logger: logger)
        builder.runsBackgroundJobs = false
        let jobs = builder.backgroundJobs()
        print(
            "\(rows) rows, latency \(latencyMilliseconds) ± \(jitterMilliseconds) ms, budget \(Int(rate)) history requests/s "
                + "(Apple, production), \(concurrency) rows at once")
        try await builder.serving { _ in
            guard var importer = jobs.compactMap({ ($0 as? ImportJobProcessor)?.importer }).first else {
                throw BenchmarkFailure("no import job processor")
            }
            importer.concurrency = concurrency
            let job = try await importer.start(csv, format: .csv, dryRun: false, operator: "bench", reason: "benchmark")
            simulator.clearReceivedRequests()
            let clock = ContinuousClock()
            let started = clock.now
            try await importer.run(job.id)
            let elapsed = clock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let report = try await importer.report(job.id)
            // Counted, not read from the request log: the log keeps only the latest 10,000.
            let counts = simulator.answeredRequestCounts()[AppStoreServerEndpoint.getTransactionHistory.rawValue] ?? [:]
            let answered = counts[200] ?? 0
            let refused = counts[429] ?? 0
            let ceiling = Double(answered) / rate
            print(
                "imported \(report.counts.imported), already known \(report.counts.alreadyKnown), failed \(report.counts.failed) "
                    + "in \(RecoveryBenchmark.seconds(seconds)) s: \(Int((Double(rows) / seconds).rounded())) rows/s")
            print(
                "  ceiling \(RecoveryBenchmark.seconds(ceiling)) s for \(answered) history requests at \(Int(rate))/s: "
                    + "ratio \(RecoveryBenchmark.seconds(ceiling / seconds))x (goal 0.5x); \(refused) answered 429")
            guard report.counts.imported == rows, refused == 0 else {
                throw BenchmarkFailure("not every row was imported, or a request was over budget")
            }
        }
        await storage.close()
    }
}

import AppStoreModels
import AppStoreSimulator
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperServer

/// The analytics at scale: `GET /v1/admin/apps/{app}/analytics/cohorts` for the last twelve
/// cohort months (and the twelve-month summary), over the rollups of `customers` generated
/// subscribers (``AnalyticsPopulation``: about nine transactions each).
///
/// The analytics read only their rollup tables, never customers or transactions, so the seed
/// writes the rollups the population produces (computed by the write path's own pure function,
/// summed per bucket) through the store's rollup writer, spread over the slots as the write
/// path spreads them. Applying ten million transactions through the purchase path would take
/// hours and leave the same rows.
public struct AnalyticsBenchmark: Sendable {
    let customers: Int
    let requests: Int
    /// The SQLite file; `nil`: a temporary file, deleted afterwards.
    let database: String?

    public init(customers: Int, requests: Int, database: String?) {
        self.customers = customers
        self.requests = requests
        self.database = database
    }

    /// Spread keys landing on every slot of a bucket.
    static let spreadKeys = (0..<8).map { "seed-\($0)" }
    /// Buckets per write transaction while seeding.
    static let bucketsPerWrite = 5_000

    public func run() async throws {
        guard (1...100_000_000).contains(customers), (1...100_000).contains(requests) else {
            throw BenchmarkUsageError("--customers 1...100000000, --requests 1...100000")
        }
        let logger = Logger(label: "storekeeper.benchmark", factory: { _ in SwiftLogNoOpLogHandler() })
        let path =
            database ?? FileManager.default.temporaryDirectory.appendingPathComponent("analytics-\(UUID.random().uuidString).sqlite").path
        defer { if database == nil { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } } }
        let now = Timestamp(Date())
        let today = FigureDay(containing: now)
        let pki = try AppleShapedPKI()
        try await BenchmarkStack.run(backend: .sqlite(path: path), pki: pki, logger: logger) { running in
            let clock = ContinuousClock()
            let started = clock.now
            let (moves, transactions) = AnalyticsPopulation(customers: customers, now: now).moves()
            let generated = clock.now - started
            let sorted = moves.sorted
            for start in stride(from: 0, to: sorted.count, by: Self.bucketsPerWrite) {
                let chunk = AnalyticsMoves(
                    Dictionary(
                        uniqueKeysWithValues: sorted[start..<min(start + Self.bucketsPerWrite, sorted.count)].map { ($0.key, $0.amount) }))
                let parts = OverviewRollupSeeder.split(chunk, into: Self.spreadKeys.count)
                try await running.store.write { tx in
                    for (index, part) in parts.enumerated() {
                        try await tx.addAnalytics(appId: BenchmarkStack.appId, part, spreadKey: Self.spreadKeys[index])
                    }
                }
            }
            print(
                "generated \(customers) subscribers, \(transactions) transactions, \(sorted.count) analytics buckets in \(generated); seeded in \(clock.now - started)"
            )
            let key = try await OperatorKeys.create(
                name: "bench-viewer", role: .viewer, apps: [BenchmarkStack.appId], in: running.store, actor: .job("benchmark"),
                reason: "analytics benchmark"
            ).key
            let last = AnalyticsService.monthText(today)
            let first = AnalyticsService.monthText(FigureMonths.month(-11, after: today.monthStart))
            let base = running.url + "/v1/admin/apps/\(BenchmarkStack.appId)/analytics"
            let query = "?environment=Production&from=\(first)&to=\(last)"
            let cohorts = try await OverviewBenchmark.get(base + "/cohorts" + query, key: key)
            guard cohorts.contains("\"lifetimeValue\""), cohorts.contains("\"USD\"") else {
                throw BenchmarkFailure("unexpected cohorts: \(cohorts.prefix(300))")
            }
            let summary = try await OverviewBenchmark.get(base + "/summary" + query, key: key)
            for (name, path, size) in [("cohorts", "/cohorts", cohorts.utf8.count), ("summary", "/summary", summary.utf8.count)] {
                var samples = LatencySamples()
                for _ in 0..<requests {
                    let begin = clock.now
                    _ = try await OverviewBenchmark.get(base + path + query, key: key)
                    samples.record(clock.now - begin)
                }
                let result = samples.summary()
                print(
                    "analytics \(name) GET, 12 months, sqlite: \(result.count) requests, one at a time: \(result.formatted), max \(LatencySummary.format(result.max)); response \(size) bytes"
                )
            }
        }
    }
}

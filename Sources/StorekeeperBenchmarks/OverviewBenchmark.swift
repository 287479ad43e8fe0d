import AppStoreModels
import AppStoreSimulator
import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// The overview figures at scale: `GET /v1/admin/apps/{app}/overview` over 90 days, after the
/// rollups of an app with `customers` customers and `transactions` transactions over `days` days
/// of history were seeded.
///
/// The overview reads only the rollup tables (`figure_days`, `figure_months`), never the
/// customers or transactions, so the seed writes the rollups directly, through the store's own
/// rollup writer (`addFigures`, spread over slots as the write path spreads them): per day, each
/// subscription product's active changes by phase and its counts, each one-time product's
/// refunds and each currency's revenue, proceeds and refunds, scaled so the history adds up to
/// `transactions` purchases and an active base of about `customers`. Seeding through the purchase
/// path would take hours at 10 M transactions and change nothing the query reads.
public struct OverviewBenchmark: Sendable {
    let customers: Int
    let transactions: Int
    let days: Int
    let requests: Int
    /// The SQLite file; `nil`: a temporary file, deleted afterwards.
    let database: String?

    public init(customers: Int, transactions: Int, days: Int, requests: Int, database: String?) {
        self.customers = customers
        self.transactions = transactions
        self.days = days
        self.requests = requests
        self.database = database
    }

    public func run() async throws {
        guard (1...100_000_000).contains(customers), (1...1_000_000_000).contains(transactions), (90...3650).contains(days),
            (1...100_000).contains(requests)
        else {
            throw BenchmarkUsageError("--customers 1...100000000, --transactions 1...1000000000, --days 90...3650, --requests 1...100000")
        }
        let logger = Logger(label: "storekeeper.benchmark", factory: { _ in SwiftLogNoOpLogHandler() })
        let path =
            database ?? FileManager.default.temporaryDirectory.appendingPathComponent("overview-\(UUID.random().uuidString).sqlite").path
        defer { if database == nil { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } } }
        let today = FigureDay(containing: Timestamp(Date()))
        let first = today.adding(days: 1 - days)
        let pki = try AppleShapedPKI()
        try await BenchmarkStack.run(backend: .sqlite(path: path), pki: pki, logger: logger) { running in
            let clock = ContinuousClock()
            let started = clock.now
            let rows = try await OverviewRollupSeeder(customers: customers, transactions: transactions)
                .seed(running.store, from: first, through: today)
            let folded = try await OverviewRollupSeeder.foldClosedDays(running.store, today: today)
            print(
                "seeded \(rows) rollup moves for \(days) days (\(customers) customers, \(transactions) transactions), folded \(folded) closed days, in \(clock.now - started)"
            )
            let key = try await OperatorKeys.create(
                name: "bench-viewer", role: .viewer, apps: [BenchmarkStack.appId], in: running.store, actor: .job("benchmark"),
                reason: "overview benchmark"
            ).key
            let base = running.url + "/v1/admin/apps/\(BenchmarkStack.appId)/overview?environment=Production"
            // Warm up, and check that the figures are served.
            let sample = try await Self.get(base + "&from=\(today.adding(days: -89))&to=\(today)", key: key)
            guard sample.contains("\"byProduct\""), sample.contains("\"USD\"") else {
                throw BenchmarkFailure("unexpected overview: \(sample.prefix(300))")
            }
            var random = SystemRandomNumberGenerator()
            var samples = LatencySamples()
            for _ in 0..<requests {
                let end = first.adding(days: Int.random(in: 89..<days, using: &random))
                let url = base + "&from=\(end.adding(days: -89))&to=\(end)"
                let begin = clock.now
                _ = try await Self.get(url, key: key)
                samples.record(clock.now - begin)
            }
            let summary = samples.summary()
            print(
                "overview GET, 90 days, sqlite: \(summary.count) requests, one at a time: \(summary.formatted), max \(LatencySummary.format(summary.max))"
            )
            print("response size: \(sample.utf8.count) bytes")
        }
    }

    static func get(_ url: String, key: String) async throws -> String {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 64 << 20)
        guard response.status == .ok else { throw BenchmarkFailure("GET \(url): \(response.status) \(String(buffer: body))") }
        return String(buffer: body)
    }
}

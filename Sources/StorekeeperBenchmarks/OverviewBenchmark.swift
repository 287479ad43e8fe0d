import AppStoreModels
import AppStoreSimulator
import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import Storekeeper
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

    static let subscriptionProducts = (1...8).map { "com.example.sub.\($0)" }
    static let oneTimeProducts = (1...4).map { "com.example.item.\($0)" }
    static let currencies = [
        "USD", "EUR", "GBP", "JPY", "CNY", "KRW", "INR", "BRL", "MXN", "CAD", "AUD", "CHF", "SEK", "NOK", "DKK", "PLN",
        "TRY", "RUB", "ZAR", "SGD", "HKD", "TWD", "THB", "IDR", "PHP", "VND", "SAR", "AED", "ILS", "NZD",
    ]
    /// Distinct spread keys, so the seed's rows land on every slot of a bucket.
    static let spreadKeys = (0..<8).map { "seed-\($0)" }

    public func run() async throws {
        guard (1...100_000_000).contains(customers), (1...1_000_000_000).contains(transactions), (90...3650).contains(days),
            (1...100_000).contains(requests)
        else {
            throw BenchmarkUsageError("--customers 1...100000000, --transactions 1...1000000000, --days 90...3650, --requests 1...100000")
        }
        let logger = Logger(label: "storekeeper.benchmark", factory: { _ in SwiftLogNoOpLogHandler() })
        let path = database ?? FileManager.default.temporaryDirectory.appendingPathComponent("overview-\(UUID().uuidString).sqlite").path
        defer { if database == nil { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } } }
        let today = FigureDay(containing: Timestamp(Date()))
        let first = today.adding(days: 1 - days)
        let pki = try AppleShapedPKI()
        try await BenchmarkStack.run(backend: .sqlite(path: path), pki: pki, logger: logger) { running in
            let clock = ContinuousClock()
            let started = clock.now
            let rows = try await seed(running.store, from: first, through: today)
            print(
                "seeded \(rows) rollup moves for \(days) days (\(customers) customers, \(transactions) transactions) in \(clock.now - started)"
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

    /// Seeds `first...last`; answers the number of buckets written (before spreading).
    private func seed(_ store: any PurchaseStore, from first: FigureDay, through last: FigureDay) async throws -> Int {
        var random = SplitMix(seed: 17)
        // Per day: purchases spread over subscription periods (new, renewals) and one-time items.
        let perDay = max(1, transactions / days)
        let perProduct = Int64(max(1, perDay / (Self.subscriptionProducts.count + Self.oneTimeProducts.count)))
        let activePerCell = Int64(max(1, customers / (Self.subscriptionProducts.count * FigurePhase.allCases.count)))
        var written = 0
        var day = first
        while day <= last {
            var moves = FigureMoves()
            func add(_ metric: FigureMetric, _ product: String, _ dimension: String, _ amount: Int64) {
                moves.add(
                    amount, to: FigureKey(environment: .production, day: day, metric: metric, productId: product, dimension: dimension))
            }
            let opening = day == first
            for product in Self.subscriptionProducts {
                for phase in FigurePhase.allCases {
                    // The first day opens the base; later days move it a little either way.
                    add(.active, product, phase.rawValue, opening ? activePerCell : Int64(random.next() % 41) - 20)
                }
                add(.new, product, "", perProduct / 4 + Int64(random.next() % 10))
                add(.renewed, product, "", perProduct * 3 / 4 + Int64(random.next() % 10))
                add(.churned, product, "", perProduct / 5 + Int64(random.next() % 10))
                add(.trialsConverted, product, "", perProduct / 10 + Int64(random.next() % 5))
                add(.refunds, product, "", 1 + Int64(random.next() % 5))
            }
            for product in Self.oneTimeProducts { add(.refunds, product, "", 1 + Int64(random.next() % 5)) }
            for currency in Self.currencies {
                let revenue = perProduct * 4_990 + Int64(random.next() % 100_000)
                add(.revenue, "", currency, revenue)
                add(.proceeds, "", currency, revenue * 7 / 10)
                add(.refunded, "", currency, Int64(random.next() % 50_000) + 990)
            }
            written += moves.amounts.count
            let parts = Self.split(moves, into: Self.spreadKeys.count)
            try await store.write { tx in
                for (index, part) in parts.enumerated() {
                    try await tx.addFigures(appId: BenchmarkStack.appId, part, spreadKey: Self.spreadKeys[index])
                }
            }
            day = day.adding(days: 1)
        }
        return written
    }

    /// `moves` cut into `count` parts that add up to it (each bucket's amount divided as evenly as
    /// integers allow).
    static func split(_ moves: FigureMoves, into count: Int) -> [FigureMoves] {
        var parts = Array(repeating: FigureMoves(), count: count)
        for (key, amount) in moves.sorted {
            let share = amount / Int64(count)
            for index in 0..<count {
                parts[index].add(index == 0 ? amount - share * Int64(count - 1) : share, to: key)
            }
        }
        return parts
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

/// SplitMix64: a small deterministic generator, so every seed is the same.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

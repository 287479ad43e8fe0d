import AppStoreSimulator
import AsyncHTTPClient
import Foundation
import NIOCore
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// The operators' read path at scale: `GET /v1/admin/apps/{app}/search?q=` for each kind of
/// identifier, the customer record and one timeline page, over N customers seeded (once, by bulk
/// SQL: ``CustomerSeeder`` then ``AdminSeeder``) into a SQLite file reused across runs.
///
/// One request at a time over one keep-alive connection, each for a uniformly random customer:
/// the figures are latencies as one support agent sees them (p50/p99 per route and kind), not
/// throughput.
public struct AdminBenchmark: Sendable {
    let customers: Int
    /// Requests measured per route and kind (after as many again to warm up).
    let requests: Int
    let database: String?
    let directory: String?
    let reseed: Bool
    let json: Bool

    public init(customers: Int, requests: Int, database: String?, directory: String?, reseed: Bool, json: Bool) {
        self.customers = customers
        self.requests = requests
        self.database = database
        self.directory = directory
        self.reseed = reseed
        self.json = json
    }

    /// One measured route and kind.
    struct Figure: Encodable {
        var name: String
        var latency: LatencySummary
    }

    struct Report: Encodable {
        var customers: Int
        var requestsEach: Int
        var machine: String
        var figures: [Figure]
    }

    public func run() async throws {
        guard (10...9_999_999).contains(customers) else { throw BenchmarkUsageError("--customers must be 10...9999999") }
        guard (1...1_000_000).contains(requests) else { throw BenchmarkUsageError("--requests must be 1...1000000") }
        let logger = LoadOptions.quietLogger()
        let work = try LoadOptions.workDirectory(directory)
        let path = database ?? work.appendingPathComponent("admin-customers-\(customers).sqlite").path
        let seeder = AdminSeeder(path: path, count: customers, logger: logger)
        if reseed || !seeder.isSeeded {
            let started = ContinuousClock.now
            if reseed { try await CustomerSeeder(path: path, count: customers, logger: logger).seed { if !json { print($0) } } }
            try await seeder.seed { if !json { print($0) } }
            if !json { print("seeded \(customers) customers with operator data into \(path) in \(ContinuousClock.now - started)") }
        } else if !json {
            print("reusing \(path) (\(customers) customers)")
        }
        let figures = try await BenchmarkStack.run(backend: .sqlite(path: path), pki: try AppleShapedPKI(), logger: logger) {
            running in
            let created = try await OperatorKeys.create(
                name: "bench-\(UUID().uuidString.prefix(8).lowercased())", role: .viewer, apps: [BenchmarkStack.appId],
                in: running.store, actor: .job("benchmark"), reason: "benchmark admin")
            let base = running.url + "/v1/admin/apps/\(BenchmarkStack.appId)"
            return try await measure(base: base, key: created.key)
        }
        let report = Report(customers: customers, requestsEach: requests, machine: MachineFacts.describe(), figures: figures)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        print("admin API reads over \(customers) customers (SQLite), \(requests) sequential requests each:")
        for figure in figures {
            print("  \(figure.name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(figure.latency.formatted)")
        }
        print("  machine: \(report.machine)")
    }

    /// The paths measured: each a name and the path of customer `n`.
    var cases: [(String, @Sendable (Int) -> String)] {
        [
            ("search customer", { "/search?q=" + String(format: "c%07d", $0) }),
            ("search alias (guest)", { "/search?q=" + String(format: "guest:g%07d", max(10, $0 / 10 * 10)) }),
            ("search order", { "/search?q=" + AdminSeeder.orderId($0) }),
            ("search transaction", { "/search?q=" + AdminSeeder.consumable($0) }),
            ("search original transaction", { "/search?q=" + AdminSeeder.subscription($0) }),
            ("search web order line item", { "/search?q=" + AdminSeeder.paidPeriod($0) }),
            ("customer record", { "/customers/" + String(format: "c%07d", $0) }),
            ("timeline page (50)", { "/customers/" + String(format: "c%07d", $0) + "/timeline?limit=50" }),
        ]
    }

    private func measure(base: String, key: String) async throws -> [Figure] {
        // The seeded data is really served: the last customer is found, by its order, as itself.
        let sample = try await Self.get(base + "/search?q=" + AdminSeeder.orderId(customers), key: key)
        guard sample.contains(String(format: "\"c%07d\"", customers)) else { throw BenchmarkFailure("unexpected search answer: \(sample)") }
        let record = try await Self.get(base + "/customers/" + String(format: "c%07d", customers), key: key)
        guard record.contains("\"gems\":200"), record.contains("\"autoRenewStatus\":1") else {
            throw BenchmarkFailure("unexpected customer record: \(record.prefix(400))")
        }
        var figures: [Figure] = []
        for (name, path) in cases {
            var samples = LatencySamples()
            for round in 0..<(2 * requests) {
                let n = Int.random(in: 1...customers)
                let started = ContinuousClock.now
                _ = try await Self.get(base + path(n), key: key)
                if round >= requests { samples.record(ContinuousClock.now - started) }
            }
            figures.append(Figure(name: name, latency: samples.summary()))
        }
        return figures
    }

    static func get(_ url: String, key: String) async throws -> String {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4 << 20)
        guard response.status == .ok else { throw BenchmarkFailure("GET \(url): \(response.status) \(String(buffer: body))") }
        return String(buffer: body)
    }
}

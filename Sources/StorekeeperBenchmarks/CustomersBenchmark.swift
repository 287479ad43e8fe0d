import AppStoreSimulator
import AsyncHTTPClient
import Foundation
import NIOCore

/// The customer read path under load: `GET /v1/apps/{app}/customers/{id}` with uniformly random
/// ids over N customers seeded (once, by bulk SQL) into a SQLite file reused across runs.
public struct CustomersBenchmark: Sendable {
    let load: LoadSettings
    /// Customers stored.
    let customers: Int
    /// The seeded SQLite file; `nil`: `<directory>/customers-<N>.sqlite`, reused across runs.
    let database: String?
    /// Seed again even if the file is already seeded.
    let reseed: Bool

    public init(load: LoadSettings, customers: Int, database: String?, reseed: Bool) {
        self.load = load
        self.customers = customers
        self.database = database
        self.reseed = reseed
    }

    public func run() async throws {
        guard (1...9_999_999).contains(customers) else { throw BenchmarkUsageError("--customers must be 1...9999999") }
        let http = try load.http()
        let logger = LoadOptions.quietLogger()
        let path = database ?? http.workDirectory.appendingPathComponent("customers-\(customers).sqlite").path
        let seeder = CustomerSeeder(path: path, count: customers, logger: logger)
        if reseed || !seeder.isSeeded {
            let started = ContinuousClock.now
            try await seeder.seed { if !load.json { print($0) } }
            if !load.json { print("seeded \(customers) customers into \(path) in \(ContinuousClock.now - started)") }
        } else if !load.json {
            print("reusing \(path) (\(customers) customers)")
        }
        let pki = try AppleShapedPKI()
        let loadBefore = MachineFacts.loadAverage
        let (result, command, sample) = try await BenchmarkStack.run(backend: .sqlite(path: path), pki: pki, logger: logger) {
            running in
            let prefix = "/v1/apps/\(BenchmarkStack.appId)/customers/"
            // The seeded data is really served: the last customer's view lists both entitlements.
            let sample = try await Self.get(running.url + prefix + String(format: "c%07d", customers), apiKey: running.apiKey)
            guard sample.contains("\"premium\""), sample.contains("\"gems\":200") else {
                throw BenchmarkFailure("unexpected customer view: \(sample)")
            }
            let (result, command) = try await onOwnThread {
                try http.measure(
                    url: running.url, script: WrkScripts.randomCustomers,
                    arguments: [prefix, String(customers), running.apiKey] + load.nonceArguments)
            }
            return (result, command, sample)
        }
        http.report(
            name: "customer view GET (\(customers) customers)", backend: "sqlite", result: result, command: command,
            load: (loadBefore, MachineFacts.loadAverage),
            notes: ["response size: \(sample.utf8.count) bytes", "database: \(path)"] + load.nonceNotes)
    }

    static func get(_ url: String, apiKey: String) async throws -> String {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(apiKey)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok else { throw BenchmarkFailure("GET \(url): \(response.status)") }
        return String(buffer: body)
    }
}

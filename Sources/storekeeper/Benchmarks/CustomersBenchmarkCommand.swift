import AppStoreSimulator
import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore

/// `storekeeper benchmark customers`: the customer read path under load.
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
        guard (1...9_999_999).contains(customers) else { throw ValidationError("--customers must be 1...9999999") }
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
                    arguments: [prefix, String(customers), running.apiKey])
            }
            return (result, command, sample)
        }
        http.report(
            name: "customer view GET (\(customers) customers)", backend: "sqlite", result: result, command: command,
            load: (loadBefore, MachineFacts.loadAverage),
            notes: ["response size: \(sample.utf8.count) bytes", "database: \(path)"])
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

import AppStoreModels
import AppStoreSimulator
import AsyncHTTPClient
import Foundation
import NIOCore
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import StorekeeperStore

/// The web console's pages over a store of N customers (seeded once by bulk SQL into a SQLite
/// file reused across runs, as `storekeeper-bench customers` does): an admin operator signs in, then each
/// page is requested `requests` times one after the other from a client on the same machine, the
/// customer and search pages for uniformly random customers. The time is the client's, from
/// request to last byte over loopback: the server's time per page plus a little HTTP.
/// The overview pages read three years of rollups seeded for that many customers
/// (``seedOverviewHistory(of:in:progress:)``). Goal: p99 ≤ 50 ms per page at 1,000,000
/// customers.
public struct ConsoleBenchmark: Sendable {
    let customers: Int
    let requests: Int
    let database: String?
    let directory: String?
    let json: Bool

    public init(customers: Int, requests: Int, database: String?, directory: String?, json: Bool) {
        self.customers = customers
        self.requests = requests
        self.database = database
        self.directory = directory
        self.json = json
    }

    struct PageResult: Encodable {
        var page: String
        var latency: LatencySummary
        var bytes: Int
    }

    struct Report: Encodable {
        var benchmark = "console"
        var customers: Int
        var goalP99Milliseconds = 50
        var pages: [PageResult]
    }

    public func run() async throws {
        guard (1...9_999_999).contains(customers), (1...100_000).contains(requests) else {
            throw BenchmarkUsageError("--customers must be 1...9999999, --requests 1...100000")
        }
        let logger = LoadOptions.quietLogger()
        let work = try LoadOptions.workDirectory(directory)
        let path = database ?? work.appendingPathComponent("customers-\(customers).sqlite").path
        let seeder = CustomerSeeder(path: path, count: customers, logger: logger)
        if !seeder.isSeeded {
            let started = ContinuousClock.now
            try await seeder.seed { if !json { print($0) } }
            if !json { print("seeded \(customers) customers into \(path) in \(ContinuousClock.now - started)") }
        }
        let customers = customers
        let requests = requests
        let quiet = json
        let pages = try await BenchmarkStack.run(backend: .sqlite(path: path), pki: try AppleShapedPKI(), logger: logger) { running in
            try await Self.seedOverviewHistory(of: customers, in: running.store) { if !quiet { print($0) } }
            let created = try await OperatorKeys.create(
                name: "bench-\(UUID.random().uuidString.prefix(8).lowercased())", role: .admin, apps: [BenchmarkStack.appId],
                in: running.store, actor: AuditActor(rawValue: "local:benchmark"), reason: "benchmark console")
            let session = try await ConsoleBenchmarkSession.signIn(
                url: running.url, name: created.account.name, key: created.key)
            let app = "/console/apps/\(BenchmarkStack.appId)"
            var generator = SystemRandomNumberGenerator()
            let randomCustomer = { (generator: inout SystemRandomNumberGenerator) in
                String(format: "c%07d", Int.random(in: 1...customers, using: &generator))
            }
            let plan: [(String, (inout SystemRandomNumberGenerator) -> String)] = [
                ("customer", { "\(app)/customers/\(randomCustomer(&$0))" }),
                (
                    "search (a transaction ID)",
                    { "\(app)/search?q=\(4_000_000_000_000_000 + 4 * Int64(Int.random(in: 1...customers, using: &$0)))" }
                ),
                ("search (no match)", { _ in "\(app)/search?q=nobody-at-all" }),
                ("overview (30 days)", { _ in "\(app)/overview" }),
                ("overview (90 days)", { _ in "\(app)/overview?days=90" }),
                ("refunds", { _ in "\(app)/refunds" }),
                ("notifications", { _ in "\(app)/notifications" }),
                ("audit log", { _ in "\(app)/audit" }),
                ("reconciliation", { _ in "\(app)/reconciliation" }),
                ("operators", { _ in "/console/operators" }),
            ]
            var results: [PageResult] = []
            do {
                for (name, path) in plan {
                    var samples = LatencySamples()
                    var bytes = 0
                    for index in 0..<(requests + requests / 10) {
                        let target = path(&generator)
                        let started = ContinuousClock.now
                        bytes = try await session.get(running.url + target)
                        // The first tenth warms caches up and is not counted.
                        if index >= requests / 10 { samples.record(ContinuousClock.now - started) }
                    }
                    results.append(PageResult(page: name, latency: samples.summary(), bytes: bytes))
                }
            } catch {
                // The client is shut down whatever failed (an HTTP client must not be dropped open).
                try? await session.client.shutdown()
                throw error
            }
            try await session.client.shutdown()
            return results
        }
        let report = Report(customers: customers, pages: pages)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        print("console pages over \(customers) customers, \(requests) requests each (client time over loopback):")
        for page in pages {
            let verdict = page.latency.p99 <= 50_000 ? "ok" : "OVER 50 ms"
            print(
                "  \(page.page.padding(toLength: 28, withPad: " ", startingAt: 0))\(page.latency.formatted)  "
                    + "max \(LatencySummary.format(page.latency.max))  \(page.bytes) bytes  \(verdict)")
        }
    }
}

extension ConsoleBenchmark {
    /// Days of overview history behind the overview pages: three years.
    static let historyDays = 1_095

    /// Seeds the overview rollups of three years of an app with `customers` customers and ten
    /// purchases each (``OverviewRollupSeeder``), unless the file has today's already, and folds
    /// the closed days as the server's `figures.fold` job would have: the overview pages then
    /// read and draw what an app of that size keeps, not empty tables.
    static func seedOverviewHistory(of customers: Int, in store: any PurchaseStore, progress: (String) -> Void) async throws {
        let today = FigureDay(containing: Timestamp(Date()))
        let existing = try await store.read { tx in
            try await tx.figureTotals(appId: BenchmarkStack.appId, environment: .production, days: today...today)
        }
        let started = ContinuousClock.now
        if existing.isEmpty {
            let buckets = try await OverviewRollupSeeder(customers: customers, transactions: customers * 10)
                .seed(store, from: today.adding(days: 1 - historyDays), through: today)
            progress("seeded \(buckets) overview rollup buckets over \(historyDays) days (\(customers * 10) purchases)")
        }
        let folded = try await OverviewRollupSeeder.foldClosedDays(store, today: today)
        progress("folded \(folded) closed days; overview history ready in \(ContinuousClock.now - started)")
    }
}

/// A signed-in console session over HTTP: the session cookie, sent with every request by a
/// client that does not follow redirects (a redirect is the page's answer, measured as such).
struct ConsoleBenchmarkSession: Sendable {
    let cookie: String
    let client: HTTPClient

    static func signIn(url: String, name: String, key: String) async throws -> ConsoleBenchmarkSession {
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            return try await signIn(url: url, name: name, key: key, client: client)
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private static func signIn(url: String, name: String, key: String, client: HTTPClient) async throws -> ConsoleBenchmarkSession {
        let form = try await client.execute(HTTPClientRequest(url: url + "/console/sign-in"), timeout: .seconds(10))
        let html = String(buffer: try await form.body.collect(upTo: 1 << 20))
        guard let signInCookie = form.headers["set-cookie"].first?.split(separator: ";").first,
            let range = html.range(of: #"name="csrf" value=""#),
            let end = html[range.upperBound...].firstIndex(of: "\"")
        else { throw BenchmarkFailure("the sign-in page carries no CSRF token") }
        let csrf = String(html[range.upperBound..<end])
        var post = HTTPClientRequest(url: url + "/console/sign-in")
        post.method = .POST
        post.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        post.headers.add(name: "Cookie", value: String(signInCookie))
        let body = "csrf=\(csrf)&name=\(name)&key=\(key)"
        post.body = .bytes(ByteBuffer(string: body))
        let answer = try await client.execute(post, timeout: .seconds(10))
        _ = try await answer.body.collect(upTo: 1 << 20)
        guard answer.status == .seeOther,
            let session = answer.headers["set-cookie"].first(where: { $0.hasPrefix("storekeeper_console=") })?.split(separator: ";").first
        else { throw BenchmarkFailure("sign-in failed: \(answer.status)") }
        return ConsoleBenchmarkSession(cookie: String(session), client: client)
    }

    /// GETs `url`; answers the body's size. A page that is neither 200 nor a redirect fails.
    func get(_ url: String) async throws -> Int {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Cookie", value: cookie)
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4 << 20)
        guard response.status == .ok || response.status == .seeOther else {
            throw BenchmarkFailure("GET \(url): \(response.status)")
        }
        return body.readableBytes
    }
}

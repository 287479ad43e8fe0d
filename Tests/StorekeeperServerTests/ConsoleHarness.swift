import AppStoreModels
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperSQL
import StorekeeperServer
import StorekeeperTesting
import Synchronization
import Testing

/// The web console in process (the router over a fresh store of one backend), with operators
/// of each role, a clock the test moves, and a browser-like client that keeps cookies.
struct ConsoleHarness: Sendable {
    let client: any TestClientProtocol
    let store: SQLPurchaseStore
    let clock: TestClock

    static let app = "app"
    static let otherApp = "other"
    static let vendorNumber = "85000001"
    /// name → (role, apps); every key is `ok_test_<name>`.
    static let operators: [(String, OperatorRole, [String])] = [
        ("ada", .admin, [app]), ("sam", .support, [app]), ("vic", .viewer, [app]), ("otto", .admin, [otherApp]),
    ]

    static func key(_ name: String) -> String { "ok_test_" + name }

    static func run(
        _ backend: StoreTestBackend, consoleEnabled: Bool = true, _ body: @Sendable (ConsoleHarness) async throws -> Void
    ) async throws {
        try await backend.withStore { database in
            let clock = TestClock(Timestamp(millisecondsSince1970: 1_764_000_000_000))
            let catalog = try Catalog(products: [
                Product(id: "no.ads", kind: .nonConsumable, entitlements: ["no_ads"]),
                Product(id: "gems.100", kind: .consumable, currencies: ["gems": 100]),
            ])
            var main = AppConfiguration(id: app, bundleId: "com.example.app", catalog: catalog)
            main.reports = AppConfiguration.ReportsCredentials(
                issuerId: "issuer", keyId: "KEY", privateKey: P256.Signing.PrivateKey(), vendorNumber: vendorNumber)
            var configuration = try StorekeeperConfiguration(
                mode: .development, port: 0, ioThreads: 1, storage: .sqlite(path: "(given)"), instance: "console-test",
                apps: [main, AppConfiguration(id: otherApp, bundleId: "com.example.other", catalog: catalog)])
            configuration.consoleEnabled = consoleEnabled
            var builder = StorekeeperApplicationBuilder(
                configuration: configuration, storage: StoreBootstrap(store: database.store, service: nil, close: {}),
                logger: StoreTestLogger.logger, now: clock)
            builder.runsBackgroundJobs = false
            try await database.store.write { tx in
                for (name, role, apps) in operators {
                    try await tx.insertOperator(
                        Operator(name: name, role: role, apps: apps, keyHash: sha256Hex(key(name)), createdAt: clock()))
                }
            }
            try await Application(router: builder.router()).test(.router) { client in
                try await body(ConsoleHarness(client: client, store: database.store, clock: clock))
            }
        }
    }

    /// A browser: its own cookie jar.
    func browser() -> ConsoleBrowser { ConsoleBrowser(client: client) }

    /// A browser signed in as `name`.
    func signedIn(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> ConsoleBrowser {
        let browser = browser()
        let response = try await browser.signIn(name, key: Self.key(name))
        #expect(response.status == .seeOther, "sign-in of \(name): \(response.status)", sourceLocation: sourceLocation)
        return browser
    }

    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// A page as the browser got it.
struct ConsolePage: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let html: String

    var location: String? { headers[.location] }
    var setCookies: [String] { headers[values: .setCookie] }

    /// The value of the hidden `csrf` field of the page's first form that has one.
    var csrf: String? {
        guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}

/// Sends requests as one browser: cookies from `Set-Cookie` go back in `Cookie`.
final class ConsoleBrowser: Sendable {
    let client: any TestClientProtocol
    private let jar = Mutex<[String: String]>([:])

    init(client: any TestClientProtocol) { self.client = client }

    var cookies: [String: String] { jar.withLock { $0 } }

    func get(_ path: String, headers extra: HTTPFields = [:]) async throws -> ConsolePage {
        try await send(path, method: .get, body: nil, headers: extra)
    }

    /// Posts `fields` as a form (percent-encoded).
    func post(_ path: String, _ fields: [(String, String)], headers extra: HTTPFields = [:]) async throws -> ConsolePage {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = extra
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await send(path, method: .post, body: body, headers: headers)
    }

    /// Loads the sign-in form (its token cookie), then posts the credentials.
    func signIn(_ name: String, key: String, headers: HTTPFields = [:]) async throws -> ConsolePage {
        let form = try await get("/console/sign-in")
        return try await post("/console/sign-in", [("csrf", form.csrf ?? ""), ("name", name), ("key", key)], headers: headers)
    }

    private func send(_ path: String, method: HTTPRequest.Method, body: String?, headers extra: HTTPFields) async throws -> ConsolePage {
        var headers = extra
        let cookie = jar.withLock { $0.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        if !cookie.isEmpty { headers[.cookie] = cookie }
        let response = try await client.execute(
            uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        for header in response.headers[values: .setCookie] {
            let first = header.split(separator: ";").first ?? ""
            let parts = first.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = String(parts[0])
            let deleted = header.contains("Max-Age=0")
            jar.withLock { $0[name] = deleted ? nil : String(parts[1]) }
        }
        return ConsolePage(status: response.status, headers: response.headers, html: String(buffer: response.body))
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

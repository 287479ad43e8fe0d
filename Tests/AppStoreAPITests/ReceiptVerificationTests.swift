import AppStoreModels
import Foundation
import Logging
import MetricsTestKit
import StorekeeperTesting
import Synchronization
import Testing

@testable import AppStoreAPI

/// Plays Apple's two verifyReceipt hosts on one test server: `/production/verifyReceipt` and
/// `/sandbox/verifyReceipt`, each answering from its own script of statuses (the last one repeats).
struct ReceiptScript: Sendable {
    var production: [CannedResponse]
    var sandbox: [CannedResponse] = []

    var handler: TestServer.Handler {
        let counters = Counters()
        return { request, _ in
            let isSandbox = request.path.hasPrefix("/sandbox/")
            let script = isSandbox ? sandbox : production
            let index = counters.next(isSandbox)
            guard !script.isEmpty else { return .empty(404) }
            return script[min(index, script.count - 1)]
        }
    }

    private final class Counters: Sendable {
        let values = Mutex<[Bool: Int]>([:])
        func next(_ key: Bool) -> Int {
            values.withLock { values in
                let value = values[key, default: 0]
                values[key] = value + 1
                return value
            }
        }
    }
}

extension CannedResponse {
    /// A verifyReceipt answer with `status`.
    static func receipt(_ status: Int, environment: String = "Production", extra: String = "") -> CannedResponse {
        .json(200, #"{"status":\#(status),"environment":"\#(environment)"\#(extra)}"#)
    }
}

struct ReceiptHarness {
    let clock = TestClock(now: Date(timeIntervalSince1970: 1_750_000_000))
    let metrics = TestMetrics()

    func client(
        _ server: TestServer,
        allowSandbox: Bool = true,
        startingEnvironment: AppStoreEnvironment = .production,
        sharedSecret: String? = nil,
        maximumAttempts: Int = 3
    ) -> ReceiptVerificationClient {
        ReceiptVerificationClient(
            configuration: ReceiptVerificationConfiguration(
                allowSandbox: allowSandbox,
                productionURL: server.baseURL + "/production/verifyReceipt",
                sandboxURL: server.baseURL + "/sandbox/verifyReceipt",
                startingEnvironment: startingEnvironment, sharedSecret: sharedSecret,
                requestTimeout: .seconds(10),
                retry: AppStoreAPIRetryPolicy(maximumAttempts: maximumAttempts, initialBackoff: .milliseconds(500))),
            clock: clock, metricsFactory: metrics,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func run<T: Sendable>(_ script: ReceiptScript, _ body: (TestServer) async throws -> T) async throws -> T {
        try await TestServer.with(clock: clock, handler: script.handler, body)
    }
}

@Suite("verifyReceipt client")
struct ReceiptVerificationTests {
    let receipt = VerifyReceiptRequest(receiptData: "MIIT0gYJKoZIhvcNAQcCoIITwzCCE78CAQExCzAJ")

    @Test("production answers: environment production, body as Apple expects it")
    func production() async throws {
        let harness = ReceiptHarness()
        try await harness.run(ReceiptScript(production: [.receipt(0, extra: #","latest_receipt":"abc""#)])) { server in
            let client = harness.client(server)
            let request = VerifyReceiptRequest(receiptData: receipt.receiptData, password: "0123abcd", excludeOldTransactions: true)
            let result = try await client.verifyReceipt(request)
            #expect(result.environment == .production)
            #expect(result.status == .valid)
            #expect(result.response.latestReceipt == "abc")
            #expect(!result.wasRedirected)
            let sent = try #require(server.requests.first)
            #expect(sent.method == "POST" && sent.path == "/production/verifyReceipt")
            let json = try #require(sent.json)
            #expect(json["receipt-data"] as? String == receipt.receiptData)
            #expect(json["password"] as? String == "0123abcd")
            #expect(json["exclude-old-transactions"] as? Bool == true)
        }
    }

    @Test("21007 at production → sandbox; the result says sandbox")
    func sandboxRedirect() async throws {
        let harness = ReceiptHarness()
        let script = ReceiptScript(production: [.receipt(21007)], sandbox: [.receipt(0, environment: "Sandbox")])
        try await harness.run(script) { server in
            let result = try await harness.client(server).verifyReceipt(receipt)
            #expect(result.environment == .sandbox)
            #expect(result.isSandbox)
            #expect(result.steps.map(\.environment) == [.production, .sandbox])
            #expect(result.steps.map(\.status) == [.sandboxReceiptSentToProduction, .valid])
            #expect(server.requests.map(\.path) == ["/production/verifyReceipt", "/sandbox/verifyReceipt"])
            #expect(server.requests[0].body == server.requests[1].body)
            #expect(harness.clock.sleeps.isEmpty, "a redirect is not a retry")
            let counter = try harness.metrics.expectCounter(
                AppStoreAPIMetrics.receiptStatus, [("environment", "Production"), ("status", "21007")])
            #expect(counter.totalValue == 1)
        }
    }

    @Test("21007 while sandbox is forbidden: sandboxNotAllowed, sandbox never called")
    func sandboxForbidden() async throws {
        let harness = ReceiptHarness()
        let script = ReceiptScript(production: [.receipt(21007)], sandbox: [.receipt(0, environment: "Sandbox")])
        try await harness.run(script) { server in
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await harness.client(server, allowSandbox: false).verifyReceipt(receipt)
            }
            #expect(error?.code == .sandboxNotAllowed)
            #expect(error?.receiptStatus == .sandboxReceiptSentToProduction)
            #expect(server.requests.count == 1)
            // The per-call option overrides the configured policy in both directions.
            let allowed = try await harness.client(server, allowSandbox: false).verifyReceipt(receipt, allowSandbox: true)
            #expect(allowed.environment == .sandbox)
        }
    }

    @Test("21008 at sandbox → production")
    func productionRedirect() async throws {
        let harness = ReceiptHarness()
        let script = ReceiptScript(production: [.receipt(0)], sandbox: [.receipt(21008, environment: "Sandbox")])
        try await harness.run(script) { server in
            let result = try await harness.client(server, startingEnvironment: .sandbox).verifyReceipt(receipt)
            #expect(result.environment == .production)
            #expect(result.steps.map(\.status) == [.productionReceiptSentToSandbox, .valid])
            #expect(server.requests.map(\.path) == ["/sandbox/verifyReceipt", "/production/verifyReceipt"])
        }
    }

    @Test("a redirect loop ends with unexpectedReceiptStatus")
    func redirectLoop() async throws {
        let harness = ReceiptHarness()
        let script = ReceiptScript(production: [.receipt(21007)], sandbox: [.receipt(21008, environment: "Sandbox")])
        try await harness.run(script) { server in
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await harness.client(server).verifyReceipt(receipt)
            }
            #expect(error?.code == .unexpectedReceiptStatus)
            #expect(server.requests.count == 3)
        }
    }

    @Test("retryable statuses are retried with backoff", arguments: [21002, 21005, 21009, 21100, 21150, 21199])
    func retryableStatus(status: Int) async throws {
        let harness = ReceiptHarness()
        try await harness.run(ReceiptScript(production: [.receipt(status), .receipt(0)])) { server in
            let result = try await harness.client(server).verifyReceipt(receipt)
            #expect(result.environment == .production)
            #expect(result.steps.first?.attempts == 2)
            #expect(server.requests.count == 2)
            let sleeps = harness.clock.sleeps
            try #require(sleeps.count == 1)
            #expect(sleeps[0] >= .milliseconds(250) && sleeps[0] <= .milliseconds(500))
        }
    }

    @Test("a retryable status that persists becomes a typed error after every attempt")
    func persistentRetryable() async throws {
        for (status, code, retryable) in [
            (21005, AppStoreAPIError.Code.receiptServiceUnavailable, true),
            (21100, .receiptServiceUnavailable, true),
            (21002, .receiptInvalid, false),
        ] {
            let harness = ReceiptHarness()
            try await harness.run(ReceiptScript(production: [.receipt(status)])) { server in
                let error = await #expect(throws: AppStoreAPIError.self) {
                    _ = try await harness.client(server).verifyReceipt(receipt)
                }
                #expect(error?.code == code)
                #expect(error?.receiptStatus?.rawValue == status)
                #expect(error?.isRetryable == retryable)
                #expect(error?.environment == .production)
                #expect(server.requests.count == 3)
            }
        }
    }

    @Test(
        "final statuses are typed errors, not retried",
        arguments: [
            (21003, AppStoreAPIError.Code.receiptInvalid),
            (21004, .sharedSecretMismatch),
            (21010, .receiptAccountNotFound),
            (21000, .invalidRequest),
            (21001, .unexpectedReceiptStatus),
        ])
    func finalStatus(status: Int, code: AppStoreAPIError.Code) async throws {
        let harness = ReceiptHarness()
        try await harness.run(ReceiptScript(production: [.receipt(status)])) { server in
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await harness.client(server).verifyReceipt(receipt)
            }
            #expect(error?.code == code)
            #expect(error?.receiptStatus?.rawValue == status)
            #expect(error?.isRetryable == false)
            #expect(server.requests.count == 1)
        }
    }

    @Test("a 211xx that Apple marks not retryable is not retried")
    func markedUnresolvable() async throws {
        let harness = ReceiptHarness()
        try await harness.run(ReceiptScript(production: [.receipt(21101, extra: #","is-retryable":false"#)])) { server in
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await harness.client(server).verifyReceipt(receipt)
            }
            #expect(error?.code == .unexpectedReceiptStatus)
            #expect(server.requests.count == 1)
        }
    }

    @Test("21006 (expired iOS 6 subscription) is an accepted receipt")
    func expiredSubscriptionAccepted() async throws {
        let harness = ReceiptHarness()
        try await harness.run(ReceiptScript(production: [.receipt(21006)])) { server in
            let result = try await harness.client(server).verifyReceipt(receipt)
            #expect(result.status == .subscriptionExpired)
        }
    }

    @Test("HTTP 5xx and connection failures are retried; the configured shared secret is sent")
    func transportRetries() async throws {
        let harness = ReceiptHarness()
        try await harness.run(ReceiptScript(production: [.json(503, #"{"code":503}"#), .receipt(0)])) { server in
            let result = try await harness.client(server, sharedSecret: "configured-secret").verifyReceipt(receipt)
            #expect(result.status == .valid)
            #expect(server.requests.count == 2)
            #expect(server.requests.allSatisfy { $0.json?["password"] as? String == "configured-secret" })
            #expect(server.requests[0].json?["exclude-old-transactions"] == nil)
        }
        let unreachable = ReceiptVerificationClient(
            configuration: ReceiptVerificationConfiguration(
                allowSandbox: false, productionURL: "http://127.0.0.1:1/verifyReceipt", requestTimeout: .seconds(1),
                retry: AppStoreAPIRetryPolicy(maximumAttempts: 2)),
            clock: harness.clock, metricsFactory: harness.metrics)
        let error = await #expect(throws: AppStoreAPIError.self) { _ = try await unreachable.verifyReceipt(receipt) }
        #expect(error?.code == .network)
        #expect(error?.environment == .production)
    }

    @Test("oversized or empty receipts are refused before sending")
    func receiptCap() async throws {
        let harness = ReceiptHarness()
        try await harness.run(ReceiptScript(production: [.receipt(0)])) { server in
            var configuration = harness.client(server).configuration
            configuration.maximumReceiptBytes = 16
            configuration.sharedSecret = "secret-value"
            let client = ReceiptVerificationClient(configuration: configuration, clock: harness.clock)
            for data in ["", String(repeating: "A", count: 17)] {
                let error = await #expect(throws: AppStoreAPIError.self) {
                    _ = try await client.verifyReceipt(VerifyReceiptRequest(receiptData: data))
                }
                #expect(error?.code == .invalidRequest)
            }
            #expect(server.requests.isEmpty)
            #expect(!configuration.description.contains("secret-value"))
            #expect(configuration.description.contains("<redacted>"))
        }
    }
}

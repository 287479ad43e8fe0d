import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

/// `ReceiptVerificationClient` against the simulator's `/verifyReceipt/production` and
/// `/verifyReceipt/sandbox`, with receipts the simulator issued: redirects, refusals, and which
/// statuses are retried.
@Suite("verifyReceipt client against the simulator")
struct VerifyReceiptTests {
    /// A receipt of `environment`'s customer, who bought a gem and the monthly subscription;
    /// returns the receipt and the subscription's original transaction ID.
    static func receipt(_ h: SimulatorHarness, _ environment: AppStoreEnvironment) async throws -> (String, String) {
        let customer = SimulatorHarness.customer(environment)
        try await h.buy(DemoCatalog.gems, account: customer)
        let monthly = try await h.buy(DemoCatalog.monthly, account: customer)
        return (try h.simulator.appReceipt(accountId: customer, bundleId: DemoCatalog.bundleId), monthly)
    }

    /// `environment status attempts` of each step.
    static func steps(_ result: ReceiptVerificationResult) -> [String] {
        result.steps.map { "\($0.environment.rawValue) \($0.status.rawValue) \($0.attempts)" }
    }

    static func paths(_ h: SimulatorHarness) -> [String] {
        h.requests.starting(with: "/verifyReceipt").map(\.path)
    }

    @Test("a production receipt is accepted by production at once")
    func productionReceipt() async throws {
        try await SimulatorHarness.with { h in
            let (receipt, monthly) = try await Self.receipt(h, .production)
            let result = try await h.receiptClient().verifyReceipt(VerifyReceiptRequest(receiptData: receipt))
            #expect(result.status == .valid)
            #expect(result.environment == .production && !result.isSandbox && !result.wasRedirected)
            #expect(Self.steps(result) == ["Production 0 1"])
            #expect(result.response.environment == .production)
            guard case .appReceipt(let app) = result.response.receipt else {
                Issue.record("no app receipt in \(result.response)")
                return
            }
            #expect(app.bundleId == DemoCatalog.bundleId)
            #expect(result.response.latestReceiptInfo?.transactions.contains { $0.originalTransactionId == monthly } == true)
            #expect(Self.paths(h) == ["/verifyReceipt/production"])
        }
    }

    @Test("a sandbox receipt: production answers 21007, the sandbox 0; reported as sandbox")
    func sandboxReceipt() async throws {
        try await SimulatorHarness.with { h in
            let (receipt, _) = try await Self.receipt(h, .sandbox)
            let result = try await h.receiptClient(allowSandbox: true).verifyReceipt(VerifyReceiptRequest(receiptData: receipt))
            #expect(result.environment == .sandbox && result.isSandbox && result.wasRedirected)
            #expect(result.status == .valid)
            #expect(Self.steps(result) == ["Production 21007 1", "Sandbox 0 1"])
            #expect(Self.paths(h) == ["/verifyReceipt/production", "/verifyReceipt/sandbox"])
            let received = h.simulator.receivedRequests()
            #expect(received.map(\.environment) == [.production, .sandbox])
            #expect(received.map(\.code) == [21_007, 0], "what the simulator answered")
        }
    }

    @Test("a sandbox receipt is refused when sandbox receipts are not allowed (configured or per call)")
    func sandboxRefused() async throws {
        try await SimulatorHarness.with { h in
            let (receipt, _) = try await Self.receipt(h, .sandbox)
            let configured = await #expect(throws: AppStoreAPIError.self) {
                _ = try await h.receiptClient(allowSandbox: false).verifyReceipt(VerifyReceiptRequest(receiptData: receipt))
            }
            #expect(configured?.code == .sandboxNotAllowed)
            #expect(configured?.receiptStatus == .sandboxReceiptSentToProduction)
            #expect(configured?.isRetryable == false)
            let perCall = await #expect(throws: AppStoreAPIError.self) {
                _ = try await h.receiptClient(allowSandbox: true).verifyReceipt(
                    VerifyReceiptRequest(receiptData: receipt), allowSandbox: false)
            }
            #expect(perCall?.code == .sandboxNotAllowed)
            #expect(Self.paths(h) == ["/verifyReceipt/production", "/verifyReceipt/production"], "the sandbox was never asked")
        }
    }

    @Test("starting at the sandbox, a production receipt gets 21008 and is accepted by production")
    func productionReceiptSentToSandbox() async throws {
        try await SimulatorHarness.with { h in
            let (receipt, _) = try await Self.receipt(h, .production)
            let result = try await h.receiptClient(startingEnvironment: .sandbox).verifyReceipt(
                VerifyReceiptRequest(receiptData: receipt))
            #expect(result.environment == .production && !result.isSandbox)
            #expect(Self.steps(result) == ["Sandbox 21008 1", "Production 0 1"])
            #expect(Self.paths(h) == ["/verifyReceipt/sandbox", "/verifyReceipt/production"])
        }
    }

    @Test("a wrong or missing shared secret is 21004: sharedSecretMismatch, final, asked once")
    func wrongSharedSecret() async throws {
        try await SimulatorHarness.with { h in
            let (receipt, _) = try await Self.receipt(h, .production)
            let client = try h.receiptClient(sharedSecret: "not-the-secret")
            let wrong = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.verifyReceipt(VerifyReceiptRequest(receiptData: receipt))
            }
            #expect(wrong?.code == .sharedSecretMismatch && wrong?.receiptStatus == .sharedSecretMismatch)
            #expect(wrong?.isRetryable == false)
            #expect(wrong?.environment == .production)
            #expect(Self.paths(h).count == 1)
            let missing = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.verifyReceipt(VerifyReceiptRequest(receiptData: receipt, password: ""))
            }
            #expect(missing?.code == .sharedSecretMismatch)
            #expect(h.clock.sleeps.isEmpty)
        }
    }

    @Test("a receipt the simulator did not sign is 21003: receiptInvalid, final")
    func tamperedReceipt() async throws {
        try await SimulatorHarness.with { h in
            let (receipt, _) = try await Self.receipt(h, .production)
            var bytes = try #require(Data(base64Encoded: receipt).map(Array.init))
            let bundle = Array(DemoCatalog.bundleId.utf8)
            let at = try #require(
                bytes.indices.first { bytes[$0...].starts(with: bundle) }, "the bundle ID is in the receipt payload")
            bytes[at + 4] ^= 0x01  // "com.example…" becomes "com.dxample…": same length, still parses
            let tampered = Data(bytes).base64EncodedString()
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await h.receiptClient().verifyReceipt(VerifyReceiptRequest(receiptData: tampered))
            }
            #expect(error?.code == .receiptInvalid && error?.receiptStatus == .receiptNotAuthenticated)
            #expect(error?.isRetryable == false)
            #expect(Self.paths(h).count == 1, "21003 is final")
        }
    }

    @Test("garbage is 21002: retried (Apple says it may pass), then receiptInvalid")
    func garbageReceipt() async throws {
        try await SimulatorHarness.with { h in
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await h.receiptClient(retry: AppStoreAPIRetryPolicy(maximumAttempts: 3)).verifyReceipt(
                    VerifyReceiptRequest(receiptData: Data("not a receipt at all".utf8).base64EncodedString()))
            }
            #expect(error?.code == .receiptInvalid && error?.receiptStatus == .malformedReceiptData)
            #expect(error?.isRetryable == false)
            #expect(Self.paths(h) == Array(repeating: "/verifyReceipt/production", count: 3))
            #expect(h.clock.sleeps.count == 2)
        }
    }

    @Test(
        "an injected retryable status is retried at the same endpoint, then the receipt is accepted",
        arguments: [
            VerifyReceiptStatus.malformedReceiptData, .receiptServerUnavailable, .internalDataAccessError,
            VerifyReceiptStatus(rawValue: 21_100),
        ])
    func injectedRetryable(status: VerifyReceiptStatus) async throws {
        try await SimulatorHarness.with { h in
            let (receipt, _) = try await Self.receipt(h, .sandbox)
            h.simulator.addFault(ReceiptFaultRule(status: status, count: 1, environment: .sandbox))
            let result = try await h.receiptClient().verifyReceipt(VerifyReceiptRequest(receiptData: receipt))
            #expect(result.environment == .sandbox)
            #expect(Self.steps(result) == ["Production 21007 1", "Sandbox 0 2"])
            #expect(Self.paths(h) == ["/verifyReceipt/production", "/verifyReceipt/sandbox", "/verifyReceipt/sandbox"])
            #expect(h.clock.sleeps.count == 1)
        }
    }

    @Test(
        "a retryable status that persists ends in its final error",
        arguments: [
            (VerifyReceiptStatus.receiptServerUnavailable, AppStoreAPIError.Code.receiptServiceUnavailable, true),
            (.internalDataAccessError, .receiptServiceUnavailable, true),
            (VerifyReceiptStatus(rawValue: 21_150), .receiptServiceUnavailable, true),
            (.malformedReceiptData, .receiptInvalid, false),
        ])
    func injectedPersistent(status: VerifyReceiptStatus, code: AppStoreAPIError.Code, retryable: Bool) async throws {
        try await SimulatorHarness.with { h in
            let (receipt, _) = try await Self.receipt(h, .production)
            h.simulator.addFault(ReceiptFaultRule(status: status, count: 3))
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await h.receiptClient(retry: AppStoreAPIRetryPolicy(maximumAttempts: 3)).verifyReceipt(
                    VerifyReceiptRequest(receiptData: receipt))
            }
            #expect(error?.code == code && error?.receiptStatus == status)
            #expect(error?.isRetryable == retryable)
            #expect(Self.paths(h).count == 3)
            // The faults are used up: the next call is accepted.
            #expect(try await h.receiptClient().verifyReceipt(VerifyReceiptRequest(receiptData: receipt)).status == .valid)
        }
    }

    @Test("a sandbox receipt whose sandbox answer stays 21005: the error reports the sandbox, after every retry there")
    func persistentFailureAfterRedirect() async throws {
        try await SimulatorHarness.with { h in
            let (receipt, _) = try await Self.receipt(h, .sandbox)
            h.simulator.addFault(ReceiptFaultRule(status: .receiptServerUnavailable, count: 3, environment: .sandbox))
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await h.receiptClient(retry: AppStoreAPIRetryPolicy(maximumAttempts: 3)).verifyReceipt(
                    VerifyReceiptRequest(receiptData: receipt))
            }
            #expect(error?.code == .receiptServiceUnavailable && error?.receiptStatus == .receiptServerUnavailable)
            #expect(error?.environment == .sandbox, "the environment that gave the final answer")
            #expect(error?.isRetryable == true)
            #expect(Self.paths(h) == ["/verifyReceipt/production"] + Array(repeating: "/verifyReceipt/sandbox", count: 3))
            #expect(h.simulator.receivedRequests().map(\.code) == [21_007, 21_005, 21_005, 21_005])
        }
    }

    /// A final status injected at production, and what the client must make of it.
    struct FinalStatus: Sendable, CustomTestStringConvertible {
        var status: VerifyReceiptStatus
        var isRetryable: Bool?
        var code: AppStoreAPIError.Code
        var testDescription: String { "\(status.rawValue) is-retryable \(isRetryable.map(String.init) ?? "absent")" }
    }

    @Test(
        "final statuses are reported at once, without a retry",
        arguments: [
            FinalStatus(status: .accountNotFound, code: .receiptAccountNotFound),
            FinalStatus(status: .receiptNotAuthenticated, code: .receiptInvalid),
            FinalStatus(status: .sharedSecretMismatch, code: .sharedSecretMismatch),
            FinalStatus(status: VerifyReceiptStatus(rawValue: 21_150), isRetryable: false, code: .unexpectedReceiptStatus),
            FinalStatus(status: .requestNotPost, code: .invalidRequest),
        ])
    func injectedFinal(_ row: FinalStatus) async throws {
        try await SimulatorHarness.with { h in
            let (receipt, _) = try await Self.receipt(h, .production)
            h.simulator.addFault(ReceiptFaultRule(status: row.status, count: 1, isRetryable: row.isRetryable))
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await h.receiptClient(retry: AppStoreAPIRetryPolicy(maximumAttempts: 3)).verifyReceipt(
                    VerifyReceiptRequest(receiptData: receipt))
            }
            #expect(error?.code == row.code && error?.receiptStatus == row.status)
            #expect(error?.isRetryable == false)
            #expect(error?.environment == .production)
            #expect(Self.paths(h) == ["/verifyReceipt/production"], "asked once")
            #expect(h.clock.sleeps.isEmpty)
        }
    }
}

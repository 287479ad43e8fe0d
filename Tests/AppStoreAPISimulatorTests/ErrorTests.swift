import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Crypto
import Foundation
import Testing

/// Failures as the simulator produces them: Apple's error bodies, refused credentials, injected
/// 5xx and hangs; which the client retries, which it reports at once, and how it classifies
/// each.
@Suite("App Store Server API client against the simulator: errors and retries")
struct ErrorTests {
    @Test("an unknown transaction is notFound with Apple's 4040010, final, asked once")
    func unknownTransaction() async throws {
        try await SimulatorHarness.with { h in
            let api = try h.apiClient(.sandbox, retry: AppStoreAPIRetryPolicy(maximumAttempts: 3))
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getTransactionInfo(transactionId: "2000000999999999")
            }
            #expect(error?.code == .notFound)
            #expect(error?.httpStatus == 404)
            #expect(error?.errorCode == .transactionIdNotFound && error?.errorCode?.rawValue == 4_040_010)
            #expect(error?.errorMessage == "Transaction id not found.")
            #expect(error?.isRetryable == false)
            #expect(error?.endpoint == AppStoreServerEndpoint.getTransactionInfo.rawValue)
            #expect(h.requests.all.count == 1, "a final error is not retried")
            #expect(h.clock.sleeps.isEmpty)

            let invalid = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getTransactionInfo(transactionId: "not-a-number")
            }
            #expect(invalid?.code == .invalidRequest && invalid?.errorCode == .invalidTransactionId)
            #expect(invalid?.isRetryable == false)
            #expect(h.requests.all.count == 2)
        }
    }

    @Test("a token signed with a different key, or naming another issuer, is unauthorized and final")
    func badCredentials() async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            let key = try #require(try h.simulator.credentials(bundleId: DemoCatalog.bundleId).apiKey)
            let otherKey = try AppStoreServerAPIToken(
                privateKey: P256.Signing.PrivateKey(), keyId: key.keyId, issuerId: key.issuerId, bundleId: DemoCatalog.bundleId)
            let otherIssuer = try AppStoreServerAPIToken(
                privateKey: try ES256Signer.privateKey(p8: try #require(key.privateKeyPEM)), keyId: key.keyId,
                issuerId: UUID().uuidString.lowercased(), bundleId: DemoCatalog.bundleId)
            for token in [otherKey, otherIssuer] {
                h.requests.clear()
                let api = try h.apiClient(.sandbox, token: token)
                let error = await #expect(throws: AppStoreAPIError.self) {
                    _ = try await api.getTransactionInfo(transactionId: id)
                }
                #expect(error?.code == .unauthorized && error?.httpStatus == 401)
                #expect(error?.isRetryable == false)
                #expect(h.requests.all.count == 1)
            }
            // The control case: the app's own key.
            #expect(try await h.apiClient(.sandbox).getTransactionInfo(transactionId: id).signedTransactionInfo != nil)
        }
    }

    @Test("injected 5xx on an idempotent call: retried with backoff until it succeeds", arguments: [false, true])
    func serverErrorThenSuccess(retryableCode: Bool) async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            h.simulator.addFault(APIFaultRule(endpoint: "getTransactionInfo", kind: .serverError, count: 2, retryable: retryableCode))
            let api = try h.apiClient(.sandbox, retry: AppStoreAPIRetryPolicy(maximumAttempts: 3))
            let response = try await api.getTransactionInfo(transactionId: id)
            let transaction = try h.verifier(.sandbox).verifyTransaction(try #require(response.signedTransactionInfo))
            #expect(transaction.transactionId == id)
            #expect(h.requests.matching("/inApps/v1/transactions/\(id)").count == 3)
            #expect(h.clock.sleeps.count == 2, "one backoff before each retry")
            let policy = AppStoreAPIRetryPolicy(maximumAttempts: 3)
            for (retry, slept) in zip(1..., h.clock.sleeps) {
                let base = policy.baseBackoff(forRetry: retry)
                #expect(slept >= base / 2 && slept <= base, "equal jitter within [b/2, b]")
            }
            // The simulator received each retry one backoff after the previous attempt.
            let received = h.simulator.receivedRequests()
            #expect(received.map(\.httpStatus) == [500, 500, 200])
            #expect(received.prefix(2).allSatisfy { $0.code == (retryableCode ? 5_000_001 : 5_000_000) })
            let gaps = zip(received.dropFirst(), received).map { $0.receivedAt.timeIntervalSince($1.receivedAt) }
            for (gap, slept) in zip(gaps, h.clock.sleeps) {
                let seconds = Double(slept.components.seconds) + Double(slept.components.attoseconds) / 1e18
                #expect(abs(gap - seconds) < 0.001, "retried after the backoff, not before")
            }
        }
    }

    @Test("5xx that outlasts the retries is reported as serverError, still retryable")
    func serverErrorExhaustsRetries() async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            h.simulator.addFault(APIFaultRule(endpoint: "*", kind: .serverError, count: 3))
            let api = try h.apiClient(.sandbox, retry: AppStoreAPIRetryPolicy(maximumAttempts: 3))
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getAllSubscriptionStatuses(transactionId: id)
            }
            #expect(error?.code == .serverError && error?.httpStatus == 500)
            #expect(error?.errorCode == .generalInternal)
            #expect(error?.isRetryable == true)
            #expect(h.requests.all.count == 3)
            #expect(try await api.getAllSubscriptionStatuses(transactionId: id).bundleId == DemoCatalog.bundleId)
        }
    }

    @Test("Request a Test Notification is not retried after a 5xx; the caller may retry it")
    func nonIdempotentNotRetried() async throws {
        try await SimulatorHarness.with { h in
            h.simulator.addFault(APIFaultRule(endpoint: "requestTestNotification", kind: .serverError, count: 1, retryable: true))
            let api = try h.apiClient(.sandbox, retry: AppStoreAPIRetryPolicy(maximumAttempts: 5))
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.requestTestNotification()
            }
            #expect(error?.code == .serverError && error?.errorCode == .generalInternalRetryable)
            #expect(error?.isRetryable == true, "retryable, but only the caller decides to repeat it")
            #expect(h.requests.matching("/inApps/v1/notifications/test").count == 1)
            #expect(h.clock.sleeps.isEmpty)
            #expect(h.notificationsSent.received.isEmpty)

            let token = try #require(try await api.requestTestNotification().testNotificationToken)
            #expect(h.requests.matching("/inApps/v1/notifications/test").count == 2)
            #expect(h.notificationsSent.received.count == 1, "exactly one test notification was sent")
            let status = try await api.getTestNotificationStatus(testNotificationToken: token)
            #expect(try h.verifier(.sandbox).verifyNotification(try #require(status.signedPayload)).payload.notificationType == .test)
        }
    }

    @Test("Extend a Subscription Renewal Date after a 5xx is retried with the same request identifier, extending once")
    func idempotentWriteRetried() async throws {
        try await SimulatorHarness.with { h in
            let original = try await h.buy(DemoCatalog.monthly, account: SimulatorHarness.customer(.sandbox))
            let before = try #require(h.simulator.subscription(originalTransactionId: original)?.expiresDate)
            h.simulator.addFault(APIFaultRule(endpoint: "extendSubscriptionRenewalDate", kind: .serverError, count: 1))
            let api = try h.apiClient(.sandbox)
            let response = try await api.extendSubscriptionRenewalDate(
                originalTransactionId: original,
                request: ExtendRenewalDateRequest(extendByDays: 1, extendReasonCode: .other, requestIdentifier: "retry-1"))
            #expect(response.success == true && response.effectiveDate == before.adding(milliseconds: 86_400_000))
            #expect(h.requests.matching("/inApps/v1/subscriptions/extend/\(original)").count == 2)
            #expect(h.simulator.subscription(originalTransactionId: original)?.extensionDates.count == 1)
        }
    }

    @Test("an injected hang ends in timeout (retryable); with retries the next attempt succeeds")
    func hangTimesOut() async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            // The hang is long and the bounds wide, so a loaded machine cannot blur the two: the
            // client gives up after its 1 s, far before the server's 10 s.
            h.simulator.addFault(APIFaultRule(endpoint: "getTransactionInfo", kind: .hang, count: 1, hangMilliseconds: 10_000))
            let once = try h.apiClient(.sandbox, retry: .none, requestTimeout: .seconds(1))
            let started = ContinuousClock.now
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await once.getTransactionInfo(transactionId: id)
            }
            #expect(ContinuousClock.now - started < .seconds(8), "the client gave up before the server answered")
            #expect(error?.code == .timeout)
            #expect(error?.httpStatus == nil)
            #expect(error?.isRetryable == true)

            h.simulator.addFault(APIFaultRule(endpoint: "getTransactionInfo", kind: .hang, count: 1, hangMilliseconds: 10_000))
            h.requests.clear()
            let retrying = try h.apiClient(.sandbox, retry: AppStoreAPIRetryPolicy(maximumAttempts: 2), requestTimeout: .seconds(4))
            let response = try await retrying.getTransactionInfo(transactionId: id)
            #expect(try h.verifier(.sandbox).verifyTransaction(try #require(response.signedTransactionInfo)).transactionId == id)
            #expect(h.requests.all.count == 2)
        }
    }

    @Test("a refused connection is a network error: retried with backoff on an idempotent call, then reported retryable")
    func connectionRefused() async throws {
        try await SimulatorHarness.with { h in
            try await h.withRefusingPort { refusingPort in
                // AsyncHTTPClient keeps trying to connect until the request's deadline: keep it short.
                let api = try h.apiClient(
                    .sandbox, baseURL: "http://127.0.0.1:\(refusingPort)/sandbox", retry: AppStoreAPIRetryPolicy(maximumAttempts: 3),
                    requestTimeout: .milliseconds(300))
                let error = await #expect(throws: AppStoreAPIError.self) {
                    _ = try await api.getTransactionInfo(transactionId: "2000000000000001")
                }
                #expect(error?.code == .network && error?.httpStatus == nil)
                #expect(error?.isRetryable == true)
                #expect(h.clock.sleeps.count == 2, "three attempts")
                let final = await #expect(throws: AppStoreAPIError.self) {
                    _ = try await api.requestTestNotification()
                }
                #expect(final?.code == .network)
                #expect(h.clock.sleeps.count == 2, "a non-idempotent call is not retried")
            }
        }
    }

    /// One row of the classification table: a failure the simulator produces, and what the
    /// client must make of it.
    struct Classification: Sendable, CustomTestStringConvertible {
        var name: String
        var fault: APIFaultRule?
        var transactionId: String?
        var code: AppStoreAPIError.Code
        var httpStatus: Int?
        var errorCode: APIErrorCode?
        var retryable: Bool
        var testDescription: String { name }
    }

    static let classifications: [Classification] = [
        Classification(
            name: "500 / 5000000", fault: APIFaultRule(endpoint: "*", kind: .serverError, count: 1), code: .serverError,
            httpStatus: 500, errorCode: .generalInternal, retryable: true),
        Classification(
            name: "500 / 5000001", fault: APIFaultRule(endpoint: "*", kind: .serverError, count: 1, retryable: true),
            code: .serverError, httpStatus: 500, errorCode: .generalInternalRetryable, retryable: true),
        Classification(
            name: "429 / 4290000", fault: APIFaultRule(endpoint: "*", kind: .rateLimit, count: 1, retryAfterMilliseconds: 1_000),
            code: .rateLimited, httpStatus: 429, errorCode: .rateLimitExceeded, retryable: true),
        Classification(
            name: "hang", fault: APIFaultRule(endpoint: "*", kind: .hang, count: 1, hangMilliseconds: 3_000), code: .timeout,
            retryable: true),
        Classification(
            name: "404 / 4040010", transactionId: "2000000999999998", code: .notFound, httpStatus: 404,
            errorCode: .transactionIdNotFound, retryable: false),
        Classification(
            name: "400 / 4000006", transactionId: "12ab", code: .invalidRequest, httpStatus: 400,
            errorCode: .invalidTransactionId, retryable: false),
    ]

    @Test("final vs retryable classification of each failure", arguments: classifications)
    func classification(_ row: Classification) async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            if let fault = row.fault { h.simulator.addFault(fault) }
            // A short timeout only where the server hangs: a loaded machine must not turn an
            // answered 5xx or 429 into a timeout.
            let timeout: Duration = row.fault?.kind == .hang ? .milliseconds(500) : .seconds(10)
            let api = try h.apiClient(.sandbox, retry: .none, requestTimeout: timeout)
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getTransactionInfo(transactionId: row.transactionId ?? id)
            }
            #expect(error?.code == row.code)
            #expect(error?.httpStatus == row.httpStatus)
            #expect(error?.errorCode == row.errorCode)
            #expect(error?.isRetryable == row.retryable)
            #expect(h.requests.all.count == 1)
        }
    }
}

import AppStoreModels
import Foundation
import MetricsTestKit
import Testing

@testable import AppStoreAPI

@Suite("Retries, backoff and timeouts")
struct RetryTests {
    @Test("5xx then success: retried with jittered exponential backoff within bounds")
    func serverErrorThenSuccess() async throws {
        let factory = try ClientFactory()
        let handler: TestServer.Handler = { _, index in
            switch index {
            case 0: return .json(503, "<html>unavailable</html>")
            case 1: return .appleError(500, 5_000_001, "An unknown error occurred.")
            default: return .json(200, #"{"signedTransactionInfo":"third time"}"#)
            }
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(
                server,
                configuration: factory.configuration(
                    server,
                    retry: AppStoreAPIRetryPolicy(
                        maximumAttempts: 4, initialBackoff: .milliseconds(200), maximumBackoff: .seconds(5))))
            let info = try await client.getTransactionInfo(transactionId: "1")
            #expect(info.signedTransactionInfo == "third time")
            #expect(server.requests.count == 3)
            let sleeps = factory.clock.sleeps
            try #require(sleeps.count == 2)
            #expect(sleeps[0] >= .milliseconds(100) && sleeps[0] <= .milliseconds(200))
            #expect(sleeps[1] >= .milliseconds(200) && sleeps[1] <= .milliseconds(400))
            #expect(try factory.metrics.expectCounter(AppStoreAPIMetrics.retries, [("endpoint", "getTransactionInfo")]).totalValue == 2)
            // The retried requests carry the same bearer token (cached) and path.
            #expect(Set(server.requests.map { $0.header("Authorization") ?? "" }).count == 1)
        }
    }

    @Test("persistent 5xx: gives up after maximumAttempts with a retryable serverError")
    func exhausted() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .appleError(500, 5_000_000, "Internal") }) { server in
            let client = try factory.client(server)
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.getAllSubscriptionStatuses(transactionId: "1")
            }
            #expect(error?.code == .serverError)
            #expect(error?.httpStatus == 500)
            #expect(error?.errorCode == .generalInternal)
            #expect(error?.isRetryable == true)
            #expect(server.requests.count == 3)
            #expect(factory.clock.sleeps.count == 2)
        }
    }

    @Test(
        "non-idempotent POSTs are sent once on 5xx",
        arguments: [AppStoreServerEndpoint.requestTestNotification, .finishTransaction])
    func nonIdempotentNotRetried(endpoint: AppStoreServerEndpoint) async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .appleError(500, 5_000_001, "retry me") }) { server in
            let client = try factory.client(server)
            let error = await #expect(throws: AppStoreAPIError.self) {
                if endpoint == .requestTestNotification {
                    _ = try await client.requestTestNotification()
                } else {
                    try await client.finishTransaction(transactionId: "1")
                }
            }
            #expect(error?.code == .serverError)
            #expect(error?.isRetryable == true, "the caller may retry; the client does not")
            #expect(server.requests.count == 1)
            #expect(factory.clock.sleeps.isEmpty)
        }
    }

    @Test("idempotent POST and PUT are retried with the identical body")
    func idempotentWritesRetried() async throws {
        let factory = try ClientFactory()
        // Every first attempt fails with 502, every second succeeds.
        let failFirst: TestServer.Handler = { _, index in
            index % 2 == 0 ? .empty(502) : .json(200, #"{"requestIdentifier":"r"}"#)
        }
        try await TestServer.with(clock: factory.clock, handler: failFirst) { server in
            let client = try factory.client(server)
            _ = try await client.extendRenewalDatesForAllActiveSubscribers(
                MassExtendRenewalDateRequest(
                    requestIdentifier: "r", extendByDays: 3, extendReasonCode: .serviceIssueOrOutage, productId: "p"))
            _ = try await client.extendSubscriptionRenewalDate(
                originalTransactionId: "9",
                request: ExtendRenewalDateRequest(extendByDays: 3, extendReasonCode: .other, requestIdentifier: "x"))
            let requests = server.requests
            #expect(requests.count == 4)
            #expect(requests[0].body == requests[1].body && requests[0].method == "POST")
            #expect(requests[2].body == requests[3].body && requests[2].method == "PUT")
        }
    }

    @Test("a retry the rate budget cannot fit in time reports the original failure")
    func retryBlockedByBudget() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .empty(502) }) { server in
            // Extend Subscription Renewal Dates for All Active Subscribers allows 1 request per second;
            // with backoff capped at 100 ms and no rate-limit wait, the retry cannot be sent.
            let client = try factory.client(
                server,
                configuration: factory.configuration(
                    server,
                    retry: AppStoreAPIRetryPolicy(
                        maximumAttempts: 3, initialBackoff: .milliseconds(50), maximumBackoff: .milliseconds(100))))
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.extendRenewalDatesForAllActiveSubscribers(
                    MassExtendRenewalDateRequest(
                        requestIdentifier: "r", extendByDays: 1, extendReasonCode: .other, productId: "p"))
            }
            #expect(error?.code == .serverError)
            #expect(error?.httpStatus == 502)
            #expect(server.requests.count == 1)
        }
    }

    @Test("4xx is not retried; Apple's retryable 404 codes are")
    func clientErrors() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .appleError(400, 4_000_006, "Invalid transaction id.") }) {
            server in
            let client = try factory.client(server)
            let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.getTransactionInfo(transactionId: "x") }
            #expect(error?.code == .invalidRequest)
            #expect(server.requests.count == 1)
        }
        try await TestServer.with(
            clock: factory.clock,
            handler: { _, index in
                index == 0 ? .appleError(404, 4_040_006, "Original transaction id not found. Please try again.") : .json(200, "{}")
            }
        ) { server in
            let client = try factory.client(server)
            _ = try await client.getTransactionHistory(transactionId: "x")
            #expect(server.requests.count == 2)
        }
    }

    @Test("a request slower than the timeout fails with a retryable timeout after every attempt")
    func timeout() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(
            clock: factory.clock, handler: { _, _ in .json(200, "{}", delay: .seconds(10)) }
        ) { server in
            let client = try factory.client(
                server,
                configuration: factory.configuration(
                    server, retry: AppStoreAPIRetryPolicy(maximumAttempts: 2), requestTimeout: .seconds(1)))
            let started = ContinuousClock.now
            let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.lookUpOrderId("slow") }
            #expect(error?.code == .timeout)
            #expect(error?.isRetryable == true)
            // Both attempts timed out, counted by the client: on a loaded machine an attempt can
            // time out before its request reaches the server, so the server's count is a bound.
            let timeouts = try factory.metrics.expectCounter(
                AppStoreAPIMetrics.requests, [("endpoint", "lookUpOrderId"), ("environment", "Production"), ("outcome", "timeout")])
            #expect(timeouts.totalValue == 2)
            #expect((1...2).contains(server.requests.count))
            // Nominally 2 × 1 s; a client that waited for the answer would take 10 s. The bound
            // sits between the two with room for a loaded machine (5.02 s was seen with a 5 s bound).
            #expect(ContinuousClock.now - started < .seconds(9))
        }
    }

    @Test("connection failures are network errors, retried for idempotent calls")
    func connectionRefused() async throws {
        let factory = try ClientFactory()
        let client = try AppStoreServerAPIClient(
            configuration: AppStoreServerAPIConfiguration(
                environment: .production, baseURL: "http://127.0.0.1:1", requestTimeout: .seconds(1),
                retry: AppStoreAPIRetryPolicy(maximumAttempts: 3)),
            token: factory.credentials.token, clock: factory.clock, metricsFactory: factory.metrics)
        let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.getTransactionInfo(transactionId: "1") }
        #expect(error?.code == .network)
        #expect(error?.isRetryable == true)
        #expect(factory.clock.sleeps.count == 2)
        let failures = try factory.metrics.expectCounter(
            AppStoreAPIMetrics.requests,
            [("endpoint", "getTransactionInfo"), ("environment", "Production"), ("outcome", "network")])
        #expect(failures.totalValue == 3)
    }

    @Test("backoff bounds: half guaranteed, doubling, capped")
    func backoffPolicy() {
        let policy = AppStoreAPIRetryPolicy(
            maximumAttempts: 10, initialBackoff: .milliseconds(100), maximumBackoff: .seconds(1), multiplier: 2)
        #expect(policy.backoff(forRetry: 1, unitRandom: 0) == .milliseconds(50))
        #expect(policy.backoff(forRetry: 1, unitRandom: 1) == .milliseconds(100))
        #expect(policy.backoff(forRetry: 3, unitRandom: 0) == .milliseconds(200))
        #expect(policy.backoff(forRetry: 3, unitRandom: 1) == .milliseconds(400))
        #expect(policy.backoff(forRetry: 9, unitRandom: 1) == .seconds(1))
        #expect(policy.backoff(forRetry: 9, unitRandom: 0) == .milliseconds(500))
        for retry in 1...8 {
            let delay = policy.backoff(forRetry: retry)
            let base = policy.baseBackoff(forRetry: retry)
            #expect(delay * 2 >= base && delay <= base)
        }
        #expect(AppStoreAPIRetryPolicy.none.maximumAttempts == 1)
    }
}

import AppStoreModels
import Foundation
import MetricsTestKit
import Testing

@testable import AppStoreAPI

@Suite("Token buckets and the shared limiter (pure, fake time)")
struct TokenBucketTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("a full bucket grants its capacity at once, then denies with the refill instant")
    func capacityThenDeny() {
        var bucket = TokenBucket(ratePerSecond: 10, capacity: 10, now: start)
        for _ in 0..<10 { #expect(bucket.reserve(now: start, maximumWait: .zero) == .granted(wait: .zero)) }
        #expect(bucket.reserve(now: start, maximumWait: .zero) == .denied(availableAt: start.addingTimeInterval(0.1)))
        // A denial takes nothing.
        #expect(bucket.available(now: start) == 0)
    }

    @Test("waiting callers queue: each waits one refill interval more")
    func queuedWaits() {
        var bucket = TokenBucket(ratePerSecond: 2, capacity: 1, now: start)
        #expect(bucket.reserve(now: start, maximumWait: .seconds(10)) == .granted(wait: .zero))
        #expect(bucket.reserve(now: start, maximumWait: .seconds(10)) == .granted(wait: .milliseconds(500)))
        #expect(bucket.reserve(now: start, maximumWait: .seconds(10)) == .granted(wait: .seconds(1)))
        #expect(bucket.reserve(now: start, maximumWait: .seconds(1)) == .denied(availableAt: start.addingTimeInterval(1.5)))
    }

    @Test("refill is proportional to elapsed time and capped at capacity")
    func refill() {
        var bucket = TokenBucket(ratePerSecond: 5, capacity: 5, now: start)
        for _ in 0..<5 { _ = bucket.reserve(now: start, maximumWait: .zero) }
        #expect(abs(bucket.available(now: start.addingTimeInterval(0.4)) - 2) < 1e-4)
        #expect(bucket.available(now: start.addingTimeInterval(100)) == 5)
    }

    @Test("a refunded reservation is available again")
    func refund() {
        var bucket = TokenBucket(ratePerSecond: 1, capacity: 1, now: start)
        _ = bucket.reserve(now: start, maximumWait: .zero)
        bucket.refund(now: start)
        #expect(bucket.reserve(now: start, maximumWait: .zero) == .granted(wait: .zero))
    }

    @Test("notBefore (Retry-After) delays even a full bucket")
    func notBefore() {
        var bucket = TokenBucket(ratePerSecond: 50, capacity: 50, now: start)
        let until = start.addingTimeInterval(3)
        #expect(bucket.reserve(now: start, notBefore: until, maximumWait: .seconds(1)) == .denied(availableAt: until))
        #expect(bucket.reserve(now: start, notBefore: until, maximumWait: .seconds(5)) == .granted(wait: .seconds(3)))
    }

    @Test("Apple's table: production rates, sandbox at 10%, unlisted endpoint at 1/s")
    func appleTable() {
        let limits = AppStoreServerRateLimits.apple
        #expect(limits.bucket(for: .getTransactionInfo, environment: .production) == (50, 50))
        #expect(limits.bucket(for: .getTransactionHistory, environment: .sandbox).ratePerSecond == 5)
        #expect(limits.bucket(for: .lookUpOrderId, environment: .production).ratePerSecond == 10)
        #expect(limits.bucket(for: .getRefundHistory, environment: .production).ratePerSecond == 10)
        #expect(limits.bucket(for: .extendSubscriptionRenewalDate, environment: .production).ratePerSecond == 20)
        #expect(limits.bucket(for: .setAppAccountToken, environment: .production).ratePerSecond == 20)
        #expect(limits.bucket(for: .requestTestNotification, environment: .production) == (1, 1))
        let sandboxTest = limits.bucket(for: .requestTestNotification, environment: .sandbox)
        #expect(abs(sandboxTest.ratePerSecond - 0.1) < 1e-9 && sandboxTest.capacity == 1)
        #expect(limits.bucket(for: .getStatusOfSubscriptionRenewalDateExtensions, environment: .production).ratePerSecond == 1)
        #expect(Set(limits.requestsPerSecond.keys) == Set(AppStoreServerEndpoint.allCases))
    }

    @Test("budgets are separate per app, environment and endpoint")
    func separateKeys() {
        let limiter = AppStoreRateLimiter(
            limits: AppStoreServerRateLimits(requestsPerSecond: [.getTransactionInfo: 1, .lookUpOrderId: 1]))
        let key = AppStoreRateLimiter.Key(app: "a", environment: .production, endpoint: .getTransactionInfo)
        #expect(limiter.acquire(key, now: start, maximumWait: .zero) == .proceed(after: .zero))
        guard case .reject(_, false) = limiter.acquire(key, now: start, maximumWait: .zero) else {
            Issue.record("second request should be refused by the local bucket")
            return
        }
        for other in [
            AppStoreRateLimiter.Key(app: "b", environment: .production, endpoint: .getTransactionInfo),
            AppStoreRateLimiter.Key(app: "a", environment: .sandbox, endpoint: .getTransactionInfo),
            AppStoreRateLimiter.Key(app: "a", environment: .production, endpoint: .lookUpOrderId),
        ] {
            #expect(limiter.acquire(other, now: start, maximumWait: .zero) == .proceed(after: .zero))
        }
    }

    @Test("concurrent callers share one bucket: exactly its capacity proceeds")
    func concurrentCallers() async {
        let limiter = AppStoreRateLimiter(limits: AppStoreServerRateLimits(requestsPerSecond: [.getTransactionInfo: 10]))
        let key = AppStoreRateLimiter.Key(app: "a", environment: .production, endpoint: .getTransactionInfo)
        let now = start
        let granted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    if case .proceed = limiter.acquire(key, now: now, maximumWait: .zero) { return true }
                    return false
                }
            }
            var count = 0
            for await ok in group where ok { count += 1 }
            return count
        }
        #expect(granted == 10)
    }

    @Test("a Retry-After block refuses every caller until its instant, then lifts")
    func blockUntil() {
        let limiter = AppStoreRateLimiter()
        let key = AppStoreRateLimiter.Key(app: "a", environment: .production, endpoint: .getTransactionInfo)
        let until = start.addingTimeInterval(30)
        limiter.block(key, until: until)
        limiter.block(key, until: start.addingTimeInterval(5))  // an earlier instant never shortens a block
        #expect(limiter.acquire(key, now: start, maximumWait: .seconds(10)) == .reject(retryAfter: until, byAppleRetryAfter: true))
        #expect(limiter.blockedUntil(key, now: start) == until)
        #expect(limiter.acquire(key, now: until, maximumWait: .zero) == .proceed(after: .zero))
        #expect(limiter.blockedUntil(key, now: until) == nil)
    }
}

@Suite("Rate limiting over HTTP: 429 Retry-After and local budgets")
struct RateLimitHTTPTests {
    @Test("429: typed error with Apple's instant, not retried, and no request before that instant")
    func retryAfterHonoured() async throws {
        let factory = try ClientFactory()
        let retryAfter = factory.clock.now.addingTimeInterval(5)
        let retryAfterMillis = Int64(retryAfter.timeIntervalSince1970 * 1000)
        let handler: TestServer.Handler = { _, index in
            index == 0
                ? .appleError(429, 4_290_000, "Rate limit exceeded.", retryAfter: "\(retryAfterMillis)")
                : .json(200, #"{"signedTransactionInfo":"ok"}"#)
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let limiter = AppStoreRateLimiter()
            let failFast = try factory.client(server, rateLimiter: limiter)
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await failFast.getTransactionInfo(transactionId: "1")
            }
            #expect(error?.code == .rateLimited)
            #expect(error?.httpStatus == 429)
            #expect(error?.errorCode == .rateLimitExceeded)
            #expect(error?.retryAfter == retryAfter)
            #expect(error?.isRetryable == true)
            #expect(server.requests.count == 1, "a 429 is not retried")

            // Any other caller of the same app and endpoint is refused locally before the instant.
            let second = await #expect(throws: AppStoreAPIError.self) {
                _ = try await failFast.getTransactionInfo(transactionId: "2")
            }
            #expect(second?.code == .rateLimited)
            #expect(second?.httpStatus == nil)
            #expect(second?.retryAfter == retryAfter)
            #expect(server.requests.count == 1)

            // Other endpoints are not blocked.
            _ = try await failFast.getAppTransactionInfo(transactionId: "3")
            #expect(server.requests.count == 2)

            // Callers that may wait are held until the instant, concurrently.
            let patient = try factory.client(
                server, configuration: factory.configuration(server, maximumRateLimitWait: .seconds(60)),
                rateLimiter: limiter)
            try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<5 {
                    group.addTask { try await patient.getTransactionInfo(transactionId: "w\(index)").signedTransactionInfo }
                }
                for try await value in group { #expect(value == "ok") }
            }
            let after = server.requests.filter { $0.path.hasPrefix("/inApps/v1/transactions/w") }
            #expect(after.count == 5)
            for request in after { #expect(request.receivedAt >= retryAfter, "request sent before Retry-After") }
            #expect(factory.clock.sleeps.contains { $0 >= .seconds(4) })
        }
    }

    @Test("429 without Retry-After still blocks for a short default")
    func missingRetryAfter() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .appleError(429, 4_290_000, "slow down") }) { server in
            let client = try factory.client(server)
            let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.lookUpOrderId("X") }
            #expect(error?.retryAfter == factory.clock.now.addingTimeInterval(1))
        }
    }

    @Test("an exhausted local budget fails fast without a request, or waits when allowed")
    func localBudget() async throws {
        let factory = try ClientFactory()
        let limiter = AppStoreRateLimiter(
            limits: AppStoreServerRateLimits(requestsPerSecond: [.getTransactionInfo: 1], burstSeconds: 2))
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .json(200, "{}") }) { server in
            let client = try factory.client(server, rateLimiter: limiter)
            _ = try await client.getTransactionInfo(transactionId: "1")
            _ = try await client.getTransactionInfo(transactionId: "2")
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.getTransactionInfo(transactionId: "3")
            }
            #expect(error?.code == .rateLimited)
            #expect(error?.retryAfter == factory.clock.now.addingTimeInterval(1))
            #expect(server.requests.count == 2)
            let counter = try factory.metrics.expectCounter(
                AppStoreAPIMetrics.rateLimited, [("endpoint", "getTransactionInfo"), ("source", "local")])
            #expect(counter.totalValue == 1)

            let waiting = try factory.client(
                server, configuration: factory.configuration(server, maximumRateLimitWait: .seconds(2)),
                rateLimiter: limiter)
            _ = try await waiting.getTransactionInfo(transactionId: "4")
            #expect(server.requests.count == 3)
            #expect(factory.clock.sleeps == [.seconds(1)])
        }
    }

    @Test(
        "Retry-After parsing: UNIX milliseconds, delay-seconds, HTTP-date",
        arguments: [
            ("1750000005000", 5.0),
            ("1750000000000", 0.0),
            ("7", 7.0),
            ("Sun, 15 Jun 2025 15:06:40 GMT", 0.0),
        ])
    func retryAfterParsing(value: String, secondsAfterNow: Double) throws {
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        let parsed = try #require(RetryAfter.parse(value, now: now))
        #expect(abs(parsed.timeIntervalSince(now) - secondsAfterNow) < 0.001)
    }

    @Test("unusable Retry-After values are ignored", arguments: ["", "soon", "-5", "1.5e3"])
    func retryAfterGarbage(value: String) {
        #expect(RetryAfter.parse(value, now: Date()) == nil)
    }
}

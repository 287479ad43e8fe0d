import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import MetricsTestKit
import Testing

/// HTTP 429 with `Retry-After` (UNIX milliseconds) from the simulator: the client reports it,
/// then sends nothing to that endpoint before the instant — every caller of the app waits on the
/// shared limiter — and the calls after the instant succeed.
@Suite("App Store Server API client against the simulator: 429 and Retry-After")
struct RateLimitTests {
    @Test("no request before Retry-After; concurrent callers of two clients all wait, then succeed")
    func retryAfterIsHonoured() async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            let limiter = AppStoreRateLimiter(limits: .unlimited)
            let api = try h.apiClient(.sandbox, maximumRateLimitWait: .seconds(30), rateLimiter: limiter)
            let sameApp = try h.apiClient(.sandbox, maximumRateLimitWait: .seconds(30), rateLimiter: limiter)
            h.simulator.addFault(
                APIFaultRule(endpoint: "getTransactionInfo", kind: .rateLimit, count: 1, retryAfterMilliseconds: 5_000))
            let t0 = h.clock.now
            h.requests.clear()
            h.simulator.clearReceivedRequests()

            let limited = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getTransactionInfo(transactionId: id)
            }
            let retryAfter = try #require(limited?.retryAfter)
            #expect(retryAfter == Date(timeIntervalSince1970: (t0.timeIntervalSince1970 * 1000 + 5_000) / 1000))
            #expect(limited?.code == .rateLimited && limited?.httpStatus == 429)
            #expect(limited?.errorCode == .rateLimitExceeded)
            #expect(limited?.isRetryable == true)
            #expect(h.requests.all.count == 1, "a 429 is reported, not retried")
            #expect(h.clock.sleeps.isEmpty)

            h.clock.setAutoAdvance(false)
            let verifier = try h.verifier(.sandbox)
            let results = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<6 {
                    let client = index.isMultiple(of: 2) ? api : sameApp
                    group.addTask {
                        let response = try await client.getTransactionInfo(transactionId: id)
                        return try verifier.verifyTransaction(response.signedTransactionInfo ?? "").transactionId ?? ""
                    }
                }
                try await h.clock.waitForSleepers(6)
                #expect(h.requests.all.count == 1, "every caller waits instead of sending")

                h.clock.advance(to: retryAfter.addingTimeInterval(-0.001))
                try await Task.sleep(for: .milliseconds(200))
                #expect(h.clock.sleepers == 6, "one millisecond before the instant nobody is released")
                #expect(h.requests.all.count == 1)

                h.clock.advance(to: retryAfter.addingTimeInterval(0.001))
                var ids: [String] = []
                for try await result in group { ids.append(result) }
                return ids
            }
            #expect(results == Array(repeating: id, count: 6))
            let after = h.requests.all.dropFirst()
            #expect(after.count == 6)
            #expect(after.allSatisfy { $0.arrivedAt >= retryAfter }, "no request reached the simulator before Retry-After")

            // The simulator's own record of what reached the endpoint, and when.
            let received = h.simulator.receivedRequests()
            #expect(received.map(\.endpoint) == Array(repeating: "getTransactionInfo", count: 7))
            #expect(received.first?.httpStatus == 429 && received.first?.code == 4_290_000)
            #expect(received.first.map { $0.receivedAt < retryAfter } == true)
            #expect(received.dropFirst().allSatisfy { $0.httpStatus == 200 })
            #expect(
                received.dropFirst().allSatisfy { $0.receivedAt >= retryAfter },
                "the simulator received nothing for the endpoint before Retry-After")
            #expect(
                limiter.blockedUntil(
                    AppStoreRateLimiter.Key(app: DemoCatalog.bundleId, environment: .sandbox, endpoint: .getTransactionInfo),
                    now: h.clock.now) == nil)
        }
    }

    @Test("during the block: a caller that may not wait that long fails fast without a request; other endpoints proceed")
    func failFastAndOtherEndpoints() async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            let limiter = AppStoreRateLimiter(limits: .unlimited)
            let impatient = try h.apiClient(.sandbox, maximumRateLimitWait: .seconds(1), rateLimiter: limiter)
            h.simulator.addFault(
                APIFaultRule(endpoint: "getTransactionInfo", kind: .rateLimit, count: 1, retryAfterMilliseconds: 60_000))
            h.requests.clear()
            h.simulator.clearReceivedRequests()
            let first = await #expect(throws: AppStoreAPIError.self) {
                _ = try await impatient.getTransactionInfo(transactionId: id)
            }
            let retryAfter = try #require(first?.retryAfter)
            #expect(retryAfter == h.clock.now.addingTimeInterval(60))

            h.clock.advance(by: 30)
            let refused = await #expect(throws: AppStoreAPIError.self) {
                _ = try await impatient.getTransactionInfo(transactionId: id)
            }
            #expect(refused?.code == .rateLimited)
            #expect(refused?.httpStatus == nil, "refused locally")
            #expect(abs((refused?.retryAfter ?? .distantPast).timeIntervalSince(retryAfter)) < 0.001)
            #expect(h.requests.all.count == 1, "nothing was sent")

            let history = try await impatient.getTransactionHistory(transactionId: id)
            #expect(history.signedTransactions?.count == 1, "the 429 blocks only its endpoint")
            #expect(h.requests.all.count == 2)

            h.clock.advance(to: retryAfter)
            let response = try await impatient.getTransactionInfo(transactionId: id)
            #expect(response.signedTransactionInfo != nil)
            #expect(h.requests.matching("/inApps/v1/transactions/\(id)").count == 2)
            #expect(h.requests.all.last.map { $0.arrivedAt >= retryAfter } == true)

            let info = h.simulator.receivedRequests().filter { $0.endpoint == "getTransactionInfo" }
            #expect(info.map(\.httpStatus) == [429, 200], "the refused call never reached the simulator")
            #expect(info.last.map { $0.receivedAt >= retryAfter } == true)
            let historyReceived = h.simulator.receivedRequests().filter { $0.endpoint == "getTransactionHistory" }
            #expect(
                historyReceived.count == 1 && historyReceived.first.map { $0.receivedAt < retryAfter } == true,
                "another endpoint was not blocked")
        }
    }

    @Test("a 429 on a paged walk ends the walk with rateLimited after the pages already delivered")
    func rateLimitedWalk() async throws {
        try await SimulatorHarness.with { h in
            let customer = SimulatorHarness.customer(.sandbox)
            var ids: [String] = []
            for _ in 0..<25 { ids.append(try await h.buy(DemoCatalog.gems, account: customer)) }
            let api = try h.apiClient(.sandbox, rateLimiter: AppStoreRateLimiter(limits: .unlimited))
            var pages = api.transactionHistory(transactionId: ids[0]).makeAsyncIterator()
            let first = try #require(try await pages.next())
            #expect(first.signedTransactions?.count == 20)
            h.simulator.addFault(
                APIFaultRule(endpoint: "getTransactionHistory", kind: .rateLimit, count: 1, retryAfterMilliseconds: 2_000))
            let error = await #expect(throws: AppStoreAPIError.self) { _ = try await pages.next() }
            #expect(error?.code == .rateLimited && error?.httpStatus == 429)
            #expect(try await pages.next() == nil, "a failed walk is over")
            let retryAfter = try #require(error?.retryAfter)

            // The caller resumes from the last revision once the instant has passed.
            h.clock.advance(by: 2)
            let rest = try await api.allSignedTransactions(
                transactionId: ids[0], request: TransactionHistoryRequest(revision: first.revision))
            #expect(rest.count == 5)
            let received = h.simulator.receivedRequests()
            #expect(received.map(\.httpStatus) == [200, 429, 200])
            #expect(received.last.map { $0.receivedAt >= retryAfter } == true)
        }
    }

    @Test(
        "the local per-endpoint budget spaces calls at Apple's rate (a tenth of it in the sandbox); other endpoints are not held",
        arguments: [AppStoreEnvironment.production, .sandbox])
    func localBudget(environment: AppStoreEnvironment) async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(environment))
            let limiter = AppStoreRateLimiter(limits: .apple)
            let api = try h.apiClient(environment, maximumRateLimitWait: .seconds(60), rateLimiter: limiter)
            h.simulator.clearReceivedRequests()
            let delivered = h.notificationsSent.received.count

            // Request a Test Notification: 1 per second in production, so 0.1 in the sandbox.
            for _ in 0..<4 { _ = try await api.requestTestNotification() }
            let spacing: TimeInterval = environment == .production ? 1 : 10
            #expect(h.clock.sleeps.count == 3, "the first call had a token; each later one waited for its own")
            _ = try await api.getTransactionInfo(transactionId: id)
            #expect(h.clock.sleeps.count == 3, "another endpoint's budget is untouched")

            let received = h.simulator.receivedRequests().filter { $0.endpoint == "requestTestNotification" }
            #expect(received.count == 4)
            let gaps = zip(received.dropFirst(), received).map { $0.receivedAt.timeIntervalSince($1.receivedAt) }
            #expect(gaps.count == 3 && gaps.allSatisfy { $0 >= spacing - 0.001 }, "the simulator saw them \(gaps) s apart")

            // A caller that may not wait, on the same budget: refused locally, nothing sent.
            let impatient = try h.apiClient(environment, maximumRateLimitWait: .zero, rateLimiter: limiter)
            let refused = await #expect(throws: AppStoreAPIError.self) {
                _ = try await impatient.requestTestNotification()
            }
            #expect(refused?.code == .rateLimited && refused?.httpStatus == nil)
            #expect(refused?.retryAfter.map { $0 > h.clock.now } == true)
            #expect(h.simulator.receivedRequests().filter { $0.endpoint == "requestTestNotification" }.count == 4)
            #expect(h.notificationsSent.received.count == delivered + 4, "one test notification per call that was sent")
        }
    }
}

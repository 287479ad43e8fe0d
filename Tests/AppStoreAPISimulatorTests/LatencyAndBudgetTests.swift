import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import Foundation
import Testing

/// The simulator's API conditions: a seeded latency on every Server API answer, and Apple's
/// request budgets enforced with 429s that its request log shows.
@Suite("Simulator: API latency and enforced budgets")
struct LatencyAndBudgetTests {
    static func window(_ h: SimulatorHarness) -> NotificationHistoryRequest {
        let now = h.simulator.now()
        return NotificationHistoryRequest(startDate: now.adding(milliseconds: -3_600_000), endDate: now)
    }

    @Test("latency: fixed ± jitter, the same seed draws the same delays, bad settings are refused")
    func latencyIsSeededAndBounded() throws {
        let latency = try APILatency(fixedMilliseconds: 150, jitterMilliseconds: 50, seed: 42)
        let delays = latency.delays(1_000)
        #expect(delays.allSatisfy { (100...200).contains($0) })
        #expect(Set(delays).count > 50, "jitter spreads the delays")
        #expect((delays.min() ?? 0) <= 105 && (delays.max() ?? 0) >= 195, "the whole range is used")
        #expect(try APILatency(fixedMilliseconds: 150, jitterMilliseconds: 50, seed: 42).delays(1_000) == delays)
        #expect(try APILatency(fixedMilliseconds: 150, jitterMilliseconds: 50, seed: 43).delays(20) != Array(delays.prefix(20)))
        #expect(try APILatency(fixedMilliseconds: 30).delays(5) == [30, 30, 30, 30, 30])
        #expect(throws: SimulatorError.self) { try APILatency(fixedMilliseconds: 10, jitterMilliseconds: 11) }
        #expect(throws: SimulatorError.self) { try APILatency(fixedMilliseconds: -1) }
        let decoded = try JSONDecoder().decode(APILatency.self, from: Data(#"{"fixedMilliseconds": 150, "jitterMilliseconds": 50}"#.utf8))
        #expect(decoded == (try APILatency(fixedMilliseconds: 150, jitterMilliseconds: 50, seed: 1)))
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(APILatency.self, from: Data(#"{"fixedMilliseconds": 5, "jitterMilliseconds": 50}"#.utf8))
        }
    }

    @Test("every Server API answer waits at least the drawn delay")
    func answersAreDelayed() async throws {
        try await SimulatorHarness.with { h in
            let latency = try APILatency(fixedMilliseconds: 80, jitterMilliseconds: 20, seed: 9)
            h.simulator.setAPILatency(latency)
            #expect(h.simulator.apiLatency == latency)
            let api = try h.apiClient(.sandbox)
            let clock = ContinuousClock()
            for _ in 0..<3 {
                let started = clock.now
                _ = try await api.getNotificationHistory(request: Self.window(h), paginationToken: nil)
                // A lower bound only: a sleep is never shorter than asked, however loaded the machine.
                #expect(clock.now - started >= .milliseconds(60))
            }
            h.simulator.setAPILatency(.none)
            #expect(h.simulator.apiLatency.fixedMilliseconds == 0)
        }
    }

    @Test("a call over the enforced budget gets Apple's 429 with Retry-After, and the log shows it")
    func overBudgetIsRefusedAndLogged() async throws {
        try await SimulatorHarness.with { h in
            // Three requests of burst, refilled at one a second; the harness's wall clock is manual,
            // so nothing refills until the test moves it.
            h.simulator.setAPIRateBudget(
                APIRateBudget(requestsPerSecond: ["getNotificationHistory": 1], sandboxFactor: 1, burstSeconds: 3))
            h.simulator.clearReceivedRequests()
            let api = try h.apiClient(.sandbox, retry: AppStoreAPIRetryPolicy(maximumAttempts: 1))
            for _ in 0..<3 { _ = try await api.getNotificationHistory(request: Self.window(h), paginationToken: nil) }
            let refused = await #expect(throws: AppStoreAPIError.self) {
                _ = try await api.getNotificationHistory(request: Self.window(h), paginationToken: nil)
            }
            #expect(refused?.httpStatus == 429 && refused?.errorCode == .rateLimitExceeded)
            #expect(refused?.retryAfter.map { abs($0.timeIntervalSince(h.clock.now) - 1) < 0.01 } == true)
            // Another endpoint has its own bucket.
            _ = try? await api.getTransactionInfo(transactionId: "0")
            h.clock.advance(by: 2)
            _ = try await api.getNotificationHistory(request: Self.window(h), paginationToken: nil)

            let log = h.simulator.receivedRequests()
            let history = log.filter { $0.endpoint == "getNotificationHistory" }
            #expect(history.map(\.httpStatus) == [200, 200, 200, 429, 200])
            #expect(history.filter { $0.httpStatus == 200 }.allSatisfy { $0.detail?.contains("-") == true }, "the window is logged")
            #expect(log.first { $0.endpoint == "getTransactionInfo" }?.httpStatus != 429)

            h.simulator.setAPIRateBudget(nil)
            for _ in 0..<5 { _ = try await api.getNotificationHistory(request: Self.window(h), paginationToken: nil) }
        }
    }

    @Test("Apple's table: production and sandbox rates, burst")
    func appleTable() {
        let budget = APIRateBudget.apple
        #expect(budget.rate(.getNotificationHistory, environment: .production) == 50)
        #expect(abs(budget.rate(.getNotificationHistory, environment: .sandbox) - 5) < 1e-9)
        #expect(budget.capacity(.getNotificationHistory, environment: .production) == 100)
        #expect(budget.rate(.requestTestNotification, environment: .production) == 1)
    }
}

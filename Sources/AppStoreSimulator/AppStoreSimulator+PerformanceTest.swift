import AppStoreModels
import Foundation

extension AppStoreSimulator {
    /// The performance test's parameters: Apple publishes only the 700 ms answer time; the
    /// simulator sends a small burst so that a test run stays fast.
    static let performanceTestRequests = 20
    static let performanceTestConcurrency = 4
    static let performanceTestSuccessRate: Int32 = 90

    /// Initiate Performance Test: sends signed real-time requests naming `originalTransactionId`
    /// to the sandbox URL and records the result before answering (Apple answers first and runs
    /// the test over minutes; results are ready here when the call returns). A request passes when
    /// it is answered 200 with a `RealtimeResponseBody` within the deadline; the test passes when
    /// at least 90% do, which also allows a production URL from then on.
    func runPerformanceTest(
        bundleId: String, originalTransactionId: String
    ) async throws(APIRequestError) -> PerformanceTestResponse {
        let (url, deadline) = try apiCall { (engine, _) throws(APIRequestError) in
            let url = try engine.realtimeURL(bundleId: bundleId, environment: .sandbox)
            guard let subscription = engine.state.subscriptions[originalTransactionId], subscription.bundleId == bundleId,
                subscription.environment == .sandbox
            else {
                throw APIRequestError(
                    .invalidOriginalTransactionId, reason: "Invalid request. The original transaction identifier is invalid.")
            }
            return (url, engine.retention(bundleId, .sandbox).deadlineMilliseconds)
        }
        let requestId = UUID.random().lowercasedString
        let config = PerformanceTestConfig(
            maxConcurrentRequests: Int64(Self.performanceTestConcurrency), totalRequests: Int64(Self.performanceTestRequests),
            totalDuration: deadline * Int64(Self.performanceTestRequests / Self.performanceTestConcurrency),
            responseTimeThreshold: deadline, successRateThreshold: Self.performanceTestSuccessRate)
        var calls: [SimulationEngine.RealtimeCall] = []
        for _ in 0..<Self.performanceTestRequests {
            let call = try? mutate { (engine, now) throws(SimulatorError) in
                try engine.realtimeCall(
                    originalTransactionId: originalTransactionId, locale: "en-US", requestIdentifier: UUID.random(), at: now)
            }
            if let call { calls.append(call) }
        }
        var outcomes: [(SendAttemptResult, Int64)] = []
        for batch in stride(from: 0, to: calls.count, by: Self.performanceTestConcurrency) {
            let slice = calls[batch..<min(batch + Self.performanceTestConcurrency, calls.count)]
            let transport = realtimeTransport
            outcomes += await withTaskGroup(of: (SendAttemptResult, Int64).self) { group in
                for call in slice {
                    group.addTask {
                        let exchange = await transport.post(call.body, to: url)
                        let elapsed = SimulationEngine.milliseconds(exchange.elapsed)
                        guard exchange.result == .success, exchange.status == 200 else { return (exchange.result, elapsed) }
                        guard (try? JSONCoding.decode(RealtimeResponseBody.self, from: Data(exchange.body))) != nil else {
                            return (.invalidResponse, elapsed)
                        }
                        return (elapsed > deadline ? .timedOut : .success, elapsed)
                    }
                }
                var results: [(SendAttemptResult, Int64)] = []
                for await outcome in group { results.append(outcome) }
                return results
            }
        }
        let result = Self.performanceResult(outcomes, config: config, target: url)
        try apiCall { (engine, _) throws(APIRequestError) in
            try engine.updateRetention(bundleId, .sandbox) { (setup) throws(APIRequestError) in
                setup.performanceTests[requestId] = result
                if result.result == .pass { setup.passedPerformanceTest = true }
            }
        }
        return PerformanceTestResponse(config: config, requestId: requestId)
    }

    static func performanceResult(
        _ outcomes: [(SendAttemptResult, Int64)], config: PerformanceTestConfig, target: String
    ) -> PerformanceTestResultResponse {
        let times = outcomes.map(\.1).sorted()
        func percentile(_ p: Int) -> Int64 { times.isEmpty ? 0 : times[min(times.count - 1, (times.count * p) / 100)] }
        let successes = outcomes.filter { $0.0 == .success }.count
        let rate = outcomes.isEmpty ? 0 : Int32(successes * 100 / outcomes.count)
        var failures: [String: Int32] = [:]
        for (result, _) in outcomes where result != .success { failures[result.rawValue, default: 0] += 1 }
        return PerformanceTestResultResponse(
            config: config, target: target, result: rate >= (config.successRateThreshold ?? 100) ? .pass : .fail,
            successRate: rate, numPending: 0,
            responseTimes: PerformanceTestResponseTimes(
                average: times.isEmpty ? 0 : times.reduce(0, +) / Int64(times.count), p50: percentile(50), p90: percentile(90),
                p95: percentile(95), p99: percentile(99)),
            failures: failures)
    }
}

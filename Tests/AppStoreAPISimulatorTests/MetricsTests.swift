import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import Foundation
import MetricsTestKit
import Testing

/// The "link to Apple" metrics recorded through the injected factory while the clients talk to
/// the simulator: attempts by outcome, latency, errors by code and Apple code, 429s by source,
/// retries, verifyReceipt statuses.
@Suite("App Store clients against the simulator: metrics")
struct MetricsTests {
    @Test("requests, latency, errors by code, retries and 429s are recorded per endpoint")
    func serverAPIMetrics() async throws {
        try await SimulatorHarness.with { h in
            let id = try await h.buy(DemoCatalog.gems, account: SimulatorHarness.customer(.sandbox))
            let metrics = TestMetrics()
            let limiter = AppStoreRateLimiter(limits: .unlimited)
            let api = try h.apiClient(.sandbox, rateLimiter: limiter, metrics: metrics)
            let info = AppStoreServerEndpoint.getTransactionInfo.rawValue
            let requests = AppStoreAPIMetricNames.requests
            let errors = AppStoreAPIMetricNames.errors

            _ = try await api.getTransactionInfo(transactionId: id)
            #expect(
                metrics.counterTotal(
                    label: requests, dimensions: [("endpoint", info), ("environment", "Sandbox"), ("outcome", "success")]) == 1)
            let timers = metrics.timers(
                label: AppStoreAPIMetricNames.duration, dimensions: [("endpoint", info), ("environment", "Sandbox")])
            #expect(timers.flatMap(\.values).count == 1)
            #expect(timers.flatMap(\.values).allSatisfy { $0 > 0 }, "a real round trip takes time")

            _ = try? await api.getTransactionInfo(transactionId: "2000000999999999")
            #expect(metrics.counterTotal(label: requests, dimensions: [("endpoint", info), ("outcome", "notFound")]) == 1)
            #expect(
                metrics.counterTotal(
                    label: errors, dimensions: [("endpoint", info), ("code", "notFound"), ("apple_error_code", "4040010")]) == 1)

            h.simulator.addFault(APIFaultRule(endpoint: "getTransactionInfo", kind: .serverError, count: 1))
            _ = try await api.getTransactionInfo(transactionId: id)
            #expect(metrics.counterTotal(label: AppStoreAPIMetricNames.retries, dimensions: [("endpoint", info)]) == 1)
            #expect(
                metrics.counterTotal(
                    label: errors, dimensions: [("endpoint", info), ("code", "serverError"), ("apple_error_code", "5000000")]) == 1)
            #expect(metrics.counterTotal(label: requests, dimensions: [("endpoint", info), ("outcome", "success")]) == 2)

            h.simulator.addFault(
                APIFaultRule(endpoint: "getTransactionInfo", kind: .rateLimit, count: 1, retryAfterMilliseconds: 10_000))
            _ = try? await api.getTransactionInfo(transactionId: id)
            _ = try? await api.getTransactionInfo(transactionId: id)  // refused locally: Retry-After has not passed
            let rateLimited = AppStoreAPIMetricNames.rateLimited
            #expect(metrics.counterTotal(label: rateLimited, dimensions: [("endpoint", info), ("source", "apple")]) == 1)
            #expect(metrics.counterTotal(label: rateLimited, dimensions: [("endpoint", info), ("source", "local")]) == 1)
            #expect(
                metrics.counterTotal(label: requests, dimensions: [("endpoint", info), ("outcome", "rateLimited")]) == 1,
                "only the attempt that reached the simulator counts as a request")
            #expect(
                metrics.counterTotal(
                    label: errors, dimensions: [("endpoint", info), ("code", "rateLimited"), ("apple_error_code", "4290000")]) == 1)
            #expect(
                metrics.counterTotal(
                    label: errors, dimensions: [("endpoint", info), ("code", "rateLimited"), ("apple_error_code", "none")]) == 1)

            let attempts = metrics.counterTotal(label: requests)
            #expect(attempts == Int64(h.requests.containing("/inApps/v1/transactions/").count), "one request metric per HTTP attempt")
            #expect(metrics.timers(label: AppStoreAPIMetricNames.duration).flatMap(\.values).count == Int(attempts))

            // Labels stay bounded: the endpoint name, never the path or an identifier.
            let labels = metrics.counters.flatMap(\.dimensions).map { $0.1 }
            #expect(!labels.contains { $0.contains(id) || $0.contains("/") })
        }
    }

    @Test("verifyReceipt records one status per answer and one request per attempt")
    func verifyReceiptMetrics() async throws {
        try await SimulatorHarness.with { h in
            let customer = SimulatorHarness.customer(.sandbox)
            try await h.buy(DemoCatalog.monthly, account: customer)
            let receipt = try h.simulator.appReceipt(accountId: customer, bundleId: DemoCatalog.bundleId)
            h.simulator.addFault(ReceiptFaultRule(status: .receiptServerUnavailable, count: 1, environment: .sandbox))
            let metrics = TestMetrics()
            _ = try await h.receiptClient(metrics: metrics).verifyReceipt(VerifyReceiptRequest(receiptData: receipt))
            let status = AppStoreAPIMetricNames.receiptStatus
            #expect(metrics.counterTotal(label: status, dimensions: [("environment", "Production"), ("status", "21007")]) == 1)
            #expect(metrics.counterTotal(label: status, dimensions: [("environment", "Sandbox"), ("status", "21005")]) == 1)
            #expect(metrics.counterTotal(label: status, dimensions: [("environment", "Sandbox"), ("status", "0")]) == 1)
            #expect(
                metrics.counterTotal(
                    label: AppStoreAPIMetricNames.requests,
                    dimensions: [("endpoint", "verifyReceipt"), ("outcome", "success")]) == 3)
            #expect(metrics.counterTotal(label: AppStoreAPIMetricNames.retries, dimensions: [("endpoint", "verifyReceipt")]) == 1)
            #expect(metrics.timers(label: AppStoreAPIMetricNames.duration).flatMap(\.values).count == 3)
        }
    }
}

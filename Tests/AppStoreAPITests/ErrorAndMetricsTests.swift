import AppStoreModels
import Foundation
import MetricsTestKit
import Testing

@testable import AppStoreAPI

/// An Apple answer and the error it must become.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var response: CannedResponse
    var code: AppStoreAPIError.Code
    var errorCode: APIErrorCode?
    var errorMessage: String?
    var isRetryable: Bool

    var testDescription: String { "HTTP \(response.status) \(errorCode.map { String($0.rawValue) } ?? "-") → \(code)" }
}

let errorCases: [ErrorCase] = [
    ErrorCase(
        response: .appleError(400, 4_000_006, "Invalid transaction id."), code: .invalidRequest,
        errorCode: .invalidTransactionId, errorMessage: "Invalid transaction id.", isRetryable: false),
    ErrorCase(response: .empty(401), code: .unauthorized, isRetryable: false),
    ErrorCase(
        response: .appleError(403, 4_030_004, "Subscription extension ineligible."), code: .forbidden,
        errorCode: .subscriptionExtensionIneligible, errorMessage: "Subscription extension ineligible.", isRetryable: false),
    ErrorCase(
        response: .appleError(404, 4_040_010, "Transaction id not found."), code: .notFound,
        errorCode: .transactionIdNotFound, errorMessage: "Transaction id not found.", isRetryable: false),
    ErrorCase(
        response: .appleError(404, 4_040_002, "Account not found. Please try again."), code: .notFound,
        errorCode: .accountNotFoundRetryable, errorMessage: "Account not found. Please try again.", isRetryable: true),
    ErrorCase(
        response: .appleError(404, 4_049_999, "Something new."), code: .notFound,
        errorCode: APIErrorCode(rawValue: 4_049_999), errorMessage: "Something new.", isRetryable: false),
    ErrorCase(
        response: .appleError(429, 4_290_000, "Rate limit exceeded.", retryAfter: "1750000060000"), code: .rateLimited,
        errorCode: .rateLimitExceeded, errorMessage: "Rate limit exceeded.", isRetryable: true),
    ErrorCase(
        response: .appleError(500, 5_000_000, "An unknown error occurred."), code: .serverError,
        errorCode: .generalInternal, errorMessage: "An unknown error occurred.", isRetryable: true),
    ErrorCase(
        response: .appleError(500, 5_000_001, "An unknown error occurred. Please try again."), code: .serverError,
        errorCode: .generalInternalRetryable, errorMessage: "An unknown error occurred. Please try again.", isRetryable: true),
    ErrorCase(response: .json(502, "<html>bad gateway</html>"), code: .serverError, isRetryable: true),
    ErrorCase(response: .json(418, "{}"), code: .unexpectedStatus, isRetryable: false),
    ErrorCase(response: .json(200, #"{"signedTransactionInfo": 42}"#), code: .decoding, isRetryable: false),
]

@Suite("Typed errors")
struct ErrorTests {
    @Test("Apple's answers become typed errors with errorCode and isRetryable", arguments: errorCases)
    func classify(_ item: ErrorCase) async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in item.response }) { server in
            let client = try factory.client(
                server, configuration: factory.configuration(server, retry: .none))
            let error = try #require(
                await #expect(throws: AppStoreAPIError.self) { _ = try await client.getTransactionInfo(transactionId: "1") })
            #expect(error.code == item.code)
            #expect(error.errorCode == item.errorCode)
            #expect(error.errorMessage == item.errorMessage)
            #expect(error.isRetryable == item.isRetryable)
            #expect(error.endpoint == "getTransactionInfo")
            #expect(error.httpStatus == item.response.status)
            if item.code == .rateLimited {
                #expect(error.retryAfter == Date(timeIntervalSince1970: 1_750_000_060))
            } else {
                #expect(error.retryAfter == nil)
            }
            #expect(!error.description.contains("Bearer"))
        }
    }

    @Test("a 2xx body that does not decode keeps the DecodingError, typed")
    func decodingFailureKeepsItsCause() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(
            clock: factory.clock, handler: { _, _ in .json(200, #"{"signedTransactionInfo": 42}"#) }
        ) { server in
            let client = try factory.client(server, configuration: factory.configuration(server, retry: .none))
            let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.getTransactionInfo(transactionId: "1") }
            #expect(error?.code == .decoding)
            #expect(error?.underlying is DecodingError)
        }
    }

    @Test("a body over the cap is not read")
    func responseTooLarge() async throws {
        let factory = try ClientFactory()
        let big = #"{"signedTransactionInfo":""# + String(repeating: "x", count: 10_000) + #""}"#
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .json(200, big) }) { server in
            var configuration = factory.configuration(server)
            configuration.maximumResponseBytes = 1_000
            let client = try factory.client(server, configuration: configuration)
            let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.getTransactionInfo(transactionId: "1") }
            #expect(error?.code == .responseTooLarge)
        }
    }

    @Test("a cancelled caller gets a cancelled error and sends nothing")
    func cancelled() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .json(200, "{}") }) { server in
            let client = try factory.client(server)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.getTransactionInfo(transactionId: "1")
            }
            let result = await task.result
            guard case .failure(let error as AppStoreAPIError) = result else {
                Issue.record("expected a cancelled error, got \(result)")
                return
            }
            #expect(error.code == .cancelled)
            #expect(server.requests.isEmpty)
        }
    }
}

@Suite("Bearer token cache")
struct TokenCacheTests {
    @Test("one token is reused until shortly before expiry, then re-signed with the clock's time")
    func renewal() async throws {
        let factory = try ClientFactory()
        try await TestServer.with(clock: factory.clock, handler: { _, _ in .json(200, "{}") }) { server in
            var configuration = factory.configuration(server)
            configuration.tokenLifetime = .seconds(20 * 60)
            configuration.tokenRenewalMargin = .seconds(120)
            let client = try factory.client(server, configuration: configuration)
            let start = Int64(factory.clock.now.timeIntervalSince1970)
            _ = try await client.getTransactionInfo(transactionId: "1")
            factory.clock.advance(by: 17 * 60)
            _ = try await client.getTransactionInfo(transactionId: "2")
            factory.clock.advance(by: 60 + 30)  // 18.5 minutes: inside the renewal margin
            _ = try await client.getTransactionInfo(transactionId: "3")

            let claims = try server.requests.map { try factory.credentials.verify(authorization: $0.header("Authorization")) }
            #expect(claims.map(\.iat) == [start, start, start + 18 * 60 + 30])
            #expect(claims.allSatisfy { $0.exp - $0.iat == 20 * 60 })
            let tokens = server.requests.map { $0.header("Authorization") ?? "" }
            #expect(tokens[0] == tokens[1])
            #expect(tokens[1] != tokens[2])
        }
    }

    @Test("a 401 drops the cached token so the next call signs a new one")
    func unauthorizedInvalidates() async throws {
        let factory = try ClientFactory()
        let handler: TestServer.Handler = { _, index in index == 0 ? .empty(401) : .json(200, "{}") }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(server)
            let error = await #expect(throws: AppStoreAPIError.self) { _ = try await client.getTransactionInfo(transactionId: "1") }
            #expect(error?.code == .unauthorized)
            #expect(server.requests.count == 1, "401 is not retried")
            _ = try await client.getTransactionInfo(transactionId: "1")
            _ = try await client.getTransactionInfo(transactionId: "1")
            let tokens = server.requests.map { $0.header("Authorization") ?? "" }
            #expect(tokens[0] != tokens[1])
            #expect(tokens[1] == tokens[2])
        }
    }
}

@Suite("Metrics (injected TestMetrics factory)")
struct MetricsTests {
    @Test("calls by endpoint and outcome, latency, errors by code and Apple code, 429s")
    func recorded() async throws {
        let factory = try ClientFactory()
        let handler: TestServer.Handler = { request, _ in
            switch request.path {
            case "/inApps/v1/transactions/ok": return .json(200, "{}")
            case "/inApps/v1/transactions/missing": return .appleError(404, 4_040_010, "Transaction id not found.")
            default: return .appleError(429, 4_290_000, "Rate limit exceeded.", retryAfter: "1750000001000")
            }
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(server)
            _ = try await client.getTransactionInfo(transactionId: "ok")
            _ = try? await client.getTransactionInfo(transactionId: "missing")
            _ = try? await client.lookUpOrderId("limited")

            let metrics = factory.metrics
            let base = [("endpoint", "getTransactionInfo"), ("environment", "Production")]
            #expect(try metrics.expectCounter(AppStoreAPIMetrics.requests, base + [("outcome", "success")]).totalValue == 1)
            #expect(try metrics.expectCounter(AppStoreAPIMetrics.requests, base + [("outcome", "notFound")]).totalValue == 1)
            #expect(try metrics.expectTimer(AppStoreAPIMetrics.duration, base).values.count == 2)
            let notFound = try metrics.expectCounter(
                AppStoreAPIMetrics.errors,
                [("endpoint", "getTransactionInfo"), ("code", "notFound"), ("apple_error_code", "4040010")])
            #expect(notFound.totalValue == 1)
            let apple429 = try metrics.expectCounter(
                AppStoreAPIMetrics.rateLimited, [("endpoint", "lookUpOrderId"), ("source", "apple")])
            #expect(apple429.totalValue == 1)
            let errors429 = try metrics.expectCounter(
                AppStoreAPIMetrics.errors,
                [("endpoint", "lookUpOrderId"), ("code", "rateLimited"), ("apple_error_code", "4290000")])
            #expect(errors429.totalValue == 1)
            // Label values stay bounded: no identifiers or paths.
            for counter in metrics.counters {
                for (_, value) in counter.dimensions {
                    #expect(!value.contains("/") && value != "ok" && value != "missing" && value != "limited")
                }
            }
        }
    }
}

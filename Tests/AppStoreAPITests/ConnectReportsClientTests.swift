import AppStoreModels
import AppStoreReports
import AppStoreVerification
import Crypto
import Foundation
import Logging
import MetricsTestKit
import StorekeeperTesting
import Testing

@testable import AppStoreAPI

/// The App Store Connect reports client against a local server playing Apple.
@Suite("App Store Connect reports client")
struct ConnectReportsClientTests {
    static let issuerId = "69a6de70-03db-47e3-e053-5b8c7c11a4d1"
    static let keyId = "TEAMKEY001"

    struct Harness {
        let key = P256.Signing.PrivateKey()
        let clock = TestClock(now: Date(timeIntervalSince1970: 1_750_000_000))
        let metrics = TestMetrics()

        func client(
            _ server: TestServer, retry: AppStoreAPIRetryPolicy = AppStoreAPIRetryPolicy(maximumAttempts: 3),
            tokenLifetime: Duration = .seconds(1200)
        )
            throws -> AppStoreConnectReportsClient
        {
            try AppStoreConnectReportsClient(
                configuration: AppStoreConnectReportsConfiguration(
                    baseURL: server.baseURL, retry: retry, maximumRateLimitWait: .zero, tokenLifetime: tokenLifetime),
                token: AppStoreConnectAPIToken(
                    privateKey: key, keyId: ConnectReportsClientTests.keyId, issuerId: ConnectReportsClientTests.issuerId),
                httpClient: .shared, clock: clock, metricsFactory: metrics,
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        }

        /// The claims of a bearer token signed by the team key, checked as Apple checks them.
        func claims(_ authorization: String?) throws -> [String: Any] {
            let jwt = try #require(authorization?.dropFirst("Bearer ".count)).split(separator: ".").map(String.init)
            try #require(jwt.count == 3)
            let header = try JSONDecoder().decode([String: String].self, from: try #require(TestCredentials.base64URL(jwt[0])))
            #expect(header == ["alg": "ES256", "kid": ConnectReportsClientTests.keyId, "typ": "JWT"])
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(TestCredentials.base64URL(jwt[2])))
            #expect(key.publicKey.isValidSignature(signature, for: Data("\(jwt[0]).\(jwt[1])".utf8)))
            let payload = try #require(TestCredentials.base64URL(jwt[1]))
            return try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        }
    }

    static func appleErrors(_ status: Int, code: String, detail: String) -> CannedResponse {
        .json(status, #"{"errors":[{"id":"5d1f2e6c","status":"\#(status)","code":"\#(code)","title":"t","detail":"\#(detail)"}]}"#)
    }

    static let salesReport: [UInt8] = {
        let row = SalesSummaryRow(
            sku: "gems.100", productTypeIdentifier: "IA1", units: 3, developerProceeds: ReportDecimal(significand: 70, scale: 2),
            beginDate: ReportDay(year: 2026, month: 11, day: 24)!, endDate: ReportDay(year: 2026, month: 11, day: 24)!,
            customerCurrency: "USD", countryCode: "US", currencyOfProceeds: "USD", customerPrice: ReportDecimal(significand: 99, scale: 2))
        return AppleReportCodec.writeGzip(AppleReport(rows: [row]))
    }()

    @Test("a daily sales summary: Apple's path and filters, a team-key token without bid, the gzip file back")
    func downloadsASalesReport() async throws {
        let harness = Harness()
        try await TestServer.with(
            clock: harness.clock, handler: { _, _ in CannedResponse(status: 200, body: Self.salesReport, retryAfter: nil) }
        ) {
            server in
            let client = try harness.client(server)
            let day = try #require(ReportDay(year: 2026, month: 11, day: 24))
            let result = try await client.salesReport(.dailySalesSummary(vendorNumber: "85000000", day: day, version: "1_1"))
            guard case .report(let file) = result else {
                Issue.record("expected a report, got \(result)")
                return
            }
            #expect(file.bytes == Self.salesReport)
            #expect(try file.parse(SalesSummaryRow.self).rows.map(\.units) == [3])
            let request = try #require(server.requests.first)
            #expect(request.method == "GET")
            #expect(request.path == "/v1/salesReports")
            #expect(request.queryValues("filter[frequency]") == ["DAILY"])
            #expect(request.queryValues("filter[reportType]") == ["SALES"])
            #expect(request.queryValues("filter[reportSubType]") == ["SUMMARY"])
            #expect(request.queryValues("filter[vendorNumber]") == ["85000000"])
            #expect(request.queryValues("filter[reportDate]") == ["2026-11-24"])
            #expect(request.queryValues("filter[version]") == ["1_1"])
            #expect(request.header("Accept") == "application/a-gzip")
            let claims = try harness.claims(request.header("Authorization"))
            #expect(claims["iss"] as? String == Self.issuerId)
            #expect(claims["aud"] as? String == "appstoreconnect-v1")
            #expect(claims["bid"] == nil)
            let iat = try #require(claims["iat"] as? Int)
            let exp = try #require(claims["exp"] as? Int)
            #expect(exp - iat == 1200)
        }
    }

    @Test("a token lifetime above Apple's 20 minutes is clamped to 20 minutes")
    func tokenLifetimeClamped() async throws {
        let harness = Harness()
        try await TestServer.with(
            clock: harness.clock, handler: { _, _ in CannedResponse(status: 200, body: Self.salesReport, retryAfter: nil) }
        ) {
            server in
            let client = try harness.client(server, tokenLifetime: .seconds(3600))
            _ = try await client.financeReport(.financeDetail(vendorNumber: "85000000", fiscalYear: 2026, month: 10))
            let request = try #require(server.requests.first)
            #expect(request.path == "/v1/financeReports")
            #expect(request.queryValues("filter[regionCode]") == ["Z1"])
            #expect(request.queryValues("filter[reportDate]") == ["2027-01"], "October is period 01 of the next fiscal year")
            #expect(request.queryValues("filter[reportType]") == ["FINANCE_DETAIL"])
            let claims = try harness.claims(request.header("Authorization"))
            #expect(try #require(claims["exp"] as? Int) - (try #require(claims["iat"] as? Int)) == 1200)
        }
    }

    @Test("a 404 is the typed no-report result with Apple's detail, not an error, and is not retried")
    func noSalesIsNoReport() async throws {
        let harness = Harness()
        try await TestServer.with(
            clock: harness.clock,
            handler: { _, _ in
                Self.appleErrors(404, code: "NOT_FOUND", detail: "There were no sales for the date specified.")
            }
        ) { server in
            let client = try harness.client(server)
            let result = try await client.salesReport(
                .dailySubscriptionEvents(vendorNumber: "85000000", day: try #require(ReportDay(year: 2026, month: 11, day: 20))))
            #expect(result == .noReport(detail: "There were no sales for the date specified."))
            #expect(server.requests.count == 1)
            #expect(server.requests.first?.queryValues("filter[version]") == ["1_3"])
            #expect(server.requests.first?.queryValues("filter[reportType]") == ["SUBSCRIPTION_EVENT"])
        }
    }

    @Test("5xx is retried with backoff and counted; the second answer wins")
    func serverErrorRetried() async throws {
        let harness = Harness()
        try await TestServer.with(
            clock: harness.clock,
            handler: { _, index in
                index == 0
                    ? Self.appleErrors(503, code: "SERVICE_UNAVAILABLE", detail: "busy")
                    : CannedResponse(status: 200, body: Self.salesReport, retryAfter: nil)
            }
        ) { server in
            let client = try harness.client(server)
            let result = try await client.salesReport(
                .dailySalesSummary(vendorNumber: "85000000", day: try #require(ReportDay(year: 2026, month: 11, day: 24))))
            #expect(result == .report(DownloadedReport(bytes: Self.salesReport)))
            #expect(server.requests.count == 2)
            #expect(harness.clock.sleeps.count == 1)
            #expect(try harness.metrics.expectCounter(AppStoreAPIMetrics.retries, [("endpoint", "salesReports")]).totalValue == 1)
        }
    }

    @Test("401 is a typed unauthorized error with Apple's code and detail, not retried")
    func unauthorizedTyped() async throws {
        let harness = Harness()
        try await TestServer.with(
            clock: harness.clock,
            handler: { _, _ in
                Self.appleErrors(401, code: "NOT_AUTHORIZED", detail: "Provide a properly configured and signed bearer token.")
            }
        ) { server in
            let client = try harness.client(server)
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.financeReport(.financeDetail(vendorNumber: "85000000", fiscalYear: 2026, month: 10))
            }
            #expect(error?.code == .unauthorized)
            #expect(error?.connectErrorCode == "NOT_AUTHORIZED")
            #expect(error?.errorMessage == "Provide a properly configured and signed bearer token.")
            #expect(error?.endpoint == "financeReports")
            #expect(server.requests.count == 1)
        }
    }

    @Test("429 blocks the key: the error is rateLimited and the next call is refused without a request")
    func rateLimitedBlocks() async throws {
        let harness = Harness()
        try await TestServer.with(
            clock: harness.clock,
            handler: { _, _ in
                Self.appleErrors(429, code: "RATE_LIMIT_EXCEEDED", detail: "The request rate limit has been reached.")
            }
        ) { server in
            let client = try harness.client(server)
            let request = SalesReportRequest.dailySalesSummary(
                vendorNumber: "85000000", day: try #require(ReportDay(year: 2026, month: 11, day: 24)))
            let first = await #expect(throws: AppStoreAPIError.self) { _ = try await client.salesReport(request) }
            #expect(first?.code == .rateLimited)
            #expect(first?.connectErrorCode == "RATE_LIMIT_EXCEEDED")
            let second = await #expect(throws: AppStoreAPIError.self) { _ = try await client.salesReport(request) }
            #expect(second?.code == .rateLimited)
            #expect(second?.httpStatus == nil)
            #expect(server.requests.count == 1)
        }
    }

    @Test("a vendor number that is empty is refused before anything is sent")
    func emptyVendorRefused() async throws {
        let harness = Harness()
        try await TestServer.with(clock: harness.clock, handler: { _, _ in .empty(500) }) { server in
            let client = try harness.client(server)
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.financeReport(
                    FinanceReportRequest(regionCode: "Z1", reportDate: "2026-10", reportType: .financeDetail, vendorNumber: ""))
            }
            #expect(error?.code == .invalidRequest)
            #expect(server.requests.isEmpty)
        }
    }
}

public import AppStoreModels
public import AppStoreVerification
public import AsyncHTTPClient
import Foundation
public import Logging
public import Metrics

/// Downloads Sales and Trends and finance reports from the App Store Connect API (or the
/// simulator), with the same machinery as ``AppStoreServerAPIClient``:
/// 1. a request budget per key (``AppStoreConnectReportsConfiguration/hourlyRequestLimit``):
///    waits up to `maximumRateLimitWait` or fails fast with `rateLimited`;
/// 2. a cached ES256 team-key token (``AppStoreConnectAPIToken``, no `bid`, ≤ 20 minutes);
/// 3. on HTTP 429 blocks every call until `Retry-After` (or a minute) and throws `rateLimited`;
/// 4. retries 5xx, timeouts and connection failures with jittered exponential backoff;
/// 5. records `storekeeper.appstore_api.*` metrics with endpoint `salesReports` or
///    `financeReports`, and logs with `storekeeper.endpoint` metadata.
///
/// A 404 is ``AppStoreConnectReportResult/noReport(detail:)``: Apple answers a day without sales
/// and a day not yet published that way.
public struct AppStoreConnectReportsClient: AppStoreConnectReportsAPI {
    /// The configuration the client was created with.
    public let configuration: AppStoreConnectReportsConfiguration

    let transport: any HTTPTransport
    let tokens: BearerTokenCache
    let budget: AppStoreConnectRequestBudget
    let clock: any WallClock
    let metrics: AppStoreAPIMetrics
    let logger: Logger
    let baseURL: String

    /// Creates a client for one team key.
    ///
    /// - Parameters:
    ///   - configuration: Base URL, timeouts, retries, budget.
    ///   - token: Signs the bearer token (team key, key ID, issuer ID).
    ///   - httpClient: The AsyncHTTPClient to send requests with (not shut down by the client).
    ///   - clock: Wall-clock time and sleeping (inject a fake in tests).
    ///   - metricsFactory: Where metrics go; by default `MetricsSystem.factory`.
    ///   - logger: Request logs; by default discarded.
    /// - Throws: `invalidConfiguration` if there is no usable base URL.
    public init(
        configuration: AppStoreConnectReportsConfiguration,
        token: AppStoreConnectAPIToken,
        httpClient: HTTPClient = .shared,
        clock: any WallClock = SystemClock(),
        metricsFactory: any MetricsFactory = MetricsSystem.factory,
        logger: Logger = Logger(label: "storekeeper.appstore-connect-api", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(AppStoreAPIError) {
        try self.init(
            configuration: configuration, token: token, transport: AsyncHTTPClientTransport(client: httpClient), clock: clock,
            metricsFactory: metricsFactory, logger: logger)
    }

    init(
        configuration: AppStoreConnectReportsConfiguration,
        token: AppStoreConnectAPIToken,
        transport: any HTTPTransport,
        clock: any WallClock,
        metricsFactory: any MetricsFactory,
        logger: Logger
    ) throws(AppStoreAPIError) {
        let base = configuration.baseURL.hasSuffix("/") ? String(configuration.baseURL.dropLast()) : configuration.baseURL
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else {
            throw AppStoreAPIError(.invalidConfiguration, "No usable App Store Connect API base URL (got \"\(base.prefix(100))\").")
        }
        self.configuration = configuration
        self.transport = transport
        self.tokens = BearerTokenCache(
            signer: token, lifetime: configuration.tokenLifetime, renewalMargin: configuration.tokenRenewalMargin)
        self.budget = AppStoreConnectRequestBudget(hourlyLimit: configuration.hourlyRequestLimit, now: clock.now)
        self.clock = clock
        self.metrics = AppStoreAPIMetrics(factory: metricsFactory)
        var logger = logger
        logger[metadataKey: AppStoreAPILogKeys.environment] = "\(configuration.environment.rawValue)"
        self.logger = logger
        self.baseURL = base
    }

    public func salesReport(_ request: SalesReportRequest) async throws(AppStoreAPIError) -> AppStoreConnectReportResult {
        try Self.require(request.vendorNumber, "vendorNumber", endpoint: .salesReports)
        return try await download(.salesReports, query: request.queryItems)
    }

    public func financeReport(_ request: FinanceReportRequest) async throws(AppStoreAPIError) -> AppStoreConnectReportResult {
        try Self.require(request.vendorNumber, "vendorNumber", endpoint: .financeReports)
        try Self.require(request.regionCode, "regionCode", endpoint: .financeReports)
        return try await download(.financeReports, query: request.queryItems)
    }

    private static func require(
        _ value: String, _ name: String, endpoint: AppStoreConnectReportEndpoint
    ) throws(AppStoreAPIError) {
        guard !value.isEmpty, value.utf8.count <= 64 else {
            throw AppStoreAPIError(.invalidRequest, "filter[\(name)] must be 1 to 64 bytes long.", endpoint: endpoint.rawValue)
        }
    }
}

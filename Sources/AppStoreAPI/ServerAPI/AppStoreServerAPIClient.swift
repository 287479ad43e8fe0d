public import AppStoreModels
public import AppStoreVerification
public import AsyncHTTPClient
import Foundation
public import Logging
public import Metrics

/// The App Store Server API over HTTP (AsyncHTTPClient), for one app in one environment.
///
/// Every call:
/// 1. draws from the shared per-app, per-endpoint budget (``AppStoreRateLimiter``): waits up to
///    ``AppStoreServerAPIConfiguration/maximumRateLimitWait`` or fails fast with `rateLimited`;
/// 2. authenticates with a cached ES256 bearer token (``AppStoreServerAPIToken``), re-signed
///    shortly before it expires;
/// 3. on HTTP 429 blocks the endpoint for every caller until Apple's `Retry-After` (UNIX
///    milliseconds) and throws `rateLimited` with that instant — it is not retried;
/// 4. retries idempotent endpoints (``AppStoreServerEndpoint/isIdempotent``) on retryable failures
///    (5xx, timeouts, connection failures, Apple's `…Retryable` codes) with jittered exponential
///    backoff (``AppStoreAPIRetryPolicy``);
/// 5. records metrics and logs with `storekeeper.endpoint` metadata.
///
/// All waiting goes through the injected ``WallClock``. Signed data in responses is
/// returned as strings: verify it with `SignedDataVerifier` before use.
public struct AppStoreServerAPIClient: AppStoreServerAPI {
    /// The configuration the client was created with.
    public let configuration: AppStoreServerAPIConfiguration
    /// The budgets this client draws from.
    public let rateLimiter: AppStoreRateLimiter

    let transport: any HTTPTransport
    let tokens: BearerTokenCache
    let clock: any WallClock
    let metrics: AppStoreAPIMetrics
    let logger: Logger
    let app: String
    let baseURL: String

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: Environment, base URL, timeouts, retries.
    ///   - token: Signs the bearer token (the app's in-app purchase key, key ID, issuer ID, bundle ID).
    ///   - httpClient: The AsyncHTTPClient to send requests with (not shut down by the client).
    ///   - rateLimiter: Budgets shared with the app's other clients; by default the process-wide
    ///     ``AppStoreRateLimiter/shared`` sized from Apple's published limits.
    ///   - clock: Wall-clock time and sleeping (inject a fake in tests).
    ///   - metricsFactory: Where metrics go; by default `MetricsSystem.factory` as bootstrapped by
    ///     the application (the client never bootstraps anything).
    ///   - logger: Request logs; by default discarded.
    /// - Throws: `invalidConfiguration` if there is no usable base URL.
    public init(
        configuration: AppStoreServerAPIConfiguration,
        token: AppStoreServerAPIToken,
        httpClient: HTTPClient = .shared,
        rateLimiter: AppStoreRateLimiter = .shared,
        clock: any WallClock = SystemClock(),
        metricsFactory: any MetricsFactory = MetricsSystem.factory,
        logger: Logger = Logger(label: "storekeeper.appstore-api", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(AppStoreAPIError) {
        try self.init(
            configuration: configuration, token: token, transport: AsyncHTTPClientTransport(client: httpClient),
            rateLimiter: rateLimiter, clock: clock, metricsFactory: metricsFactory, logger: logger)
    }

    init(
        configuration: AppStoreServerAPIConfiguration,
        token: AppStoreServerAPIToken,
        transport: any HTTPTransport,
        rateLimiter: AppStoreRateLimiter,
        clock: any WallClock,
        metricsFactory: any MetricsFactory,
        logger: Logger
    ) throws(AppStoreAPIError) {
        let base = configuration.baseURL.hasSuffix("/") ? String(configuration.baseURL.dropLast()) : configuration.baseURL
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw AppStoreAPIError(
                .invalidConfiguration,
                "No usable base URL for environment \(configuration.environment) (got \"\(base.prefix(100))\").")
        }
        self.configuration = configuration
        self.rateLimiter = rateLimiter
        self.transport = transport
        self.tokens = BearerTokenCache(
            signer: token, lifetime: configuration.tokenLifetime, renewalMargin: configuration.tokenRenewalMargin)
        self.clock = clock
        self.metrics = AppStoreAPIMetrics(factory: metricsFactory)
        var logger = logger
        logger[metadataKey: AppStoreAPILogKeys.environment] = "\(configuration.environment.rawValue)"
        self.logger = logger
        self.app = token.bundleId
        self.baseURL = base
    }
}

public import AppStoreModels

/// How an ``AppStoreConnectReportsClient`` reaches the App Store Connect API.
public struct AppStoreConnectReportsConfiguration: Sendable {
    /// Apple's host.
    public static let productionBaseURL = "https://api.appstoreconnect.apple.com"

    /// Labels the client's metrics and logs: `.production` for Apple's host; another value (for
    /// example `.xcode`) when pointed at the simulator.
    public var environment: AppStoreEnvironment
    /// The scheme and host (and optional port and path prefix) the `/v1/…` paths are appended
    /// to; point it at the App Store simulator.
    public var baseURL: String
    /// The time allowed for one HTTP exchange, response body included.
    public var requestTimeout: Duration
    /// Retries on 5xx, timeouts and connection failures (every report call is a read).
    public var retry: AppStoreAPIRetryPolicy
    /// The longest a caller waits for the request budget before failing with `rateLimited`.
    public var maximumRateLimitWait: Duration
    /// Requests per rolling hour allowed for the key. Apple's "Identifying Rate Limits" shows
    /// `user-hour-lim:3500` as its example and says actual limits vary.
    public var hourlyRequestLimit: Int
    /// Responses larger than this are not read (`responseTooLarge`).
    public var maximumResponseBytes: Int
    /// The bearer token's lifetime (at most Apple's 20 minutes for this API).
    public var tokenLifetime: Duration
    /// A new token is signed this long before the cached one expires.
    public var tokenRenewalMargin: Duration
    /// Sent as `User-Agent`.
    public var userAgent: String

    public init(
        environment: AppStoreEnvironment = .production,
        baseURL: String = Self.productionBaseURL,
        requestTimeout: Duration = .seconds(60),
        retry: AppStoreAPIRetryPolicy = AppStoreAPIRetryPolicy(),
        maximumRateLimitWait: Duration = .seconds(5),
        hourlyRequestLimit: Int = 3500,
        maximumResponseBytes: Int = 64 * 1024 * 1024,
        tokenLifetime: Duration = .seconds(20 * 60),
        tokenRenewalMargin: Duration = .seconds(120),
        userAgent: String = "storekeeper-appstore-api/1"
    ) {
        self.environment = environment
        self.baseURL = baseURL
        self.requestTimeout = requestTimeout
        self.retry = retry
        self.maximumRateLimitWait = maximumRateLimitWait
        self.hourlyRequestLimit = hourlyRequestLimit
        self.maximumResponseBytes = maximumResponseBytes
        self.tokenLifetime = tokenLifetime
        self.tokenRenewalMargin = tokenRenewalMargin
        self.userAgent = userAgent
    }
}

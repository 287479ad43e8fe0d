public import AppStoreModels

/// How an ``AppStoreServerAPIClient`` reaches Apple: environment, base URL, timeouts, retries,
/// rate-limit waiting and token lifetime.
public struct AppStoreServerAPIConfiguration: Sendable {
    /// Apple's production host, the one Apple recommends since 2026-05-05.
    public static let productionBaseURL = "https://api.storekit.apple.com"
    /// Apple's sandbox host, the one Apple recommends since 2026-05-05.
    public static let sandboxBaseURL = "https://api.storekit-sandbox.apple.com"
    /// Apple's earlier production host; still answered by Apple, so still accepted when configured.
    public static let legacyProductionBaseURL = "https://api.storekit.itunes.apple.com"
    /// Apple's earlier sandbox host; still answered by Apple, so still accepted when configured.
    public static let legacySandboxBaseURL = "https://api.storekit-sandbox.itunes.apple.com"

    /// Whether `url` is one of Apple's own hosts for `environment` (recommended or earlier), with
    /// or without a trailing slash: such a URL is Apple, not a simulator, whoever configured it.
    public static func isAppleBaseURL(_ url: String, for environment: AppStoreEnvironment) -> Bool {
        let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
        switch environment {
        case .production: return trimmed == productionBaseURL || trimmed == legacyProductionBaseURL
        case .sandbox: return trimmed == sandboxBaseURL || trimmed == legacySandboxBaseURL
        default: return false
        }
    }

    /// The environment the client talks to; it selects the default base URL and the rate-limit
    /// budget (sandbox is 10% of production).
    public var environment: AppStoreEnvironment
    /// The scheme and host (and optional port and path prefix) that endpoint paths are appended
    /// to; point it at the App Store simulator or a test server.
    public var baseURL: String
    /// The time allowed for one HTTP exchange, response body included.
    public var requestTimeout: Duration
    /// Retries of idempotent calls.
    public var retry: AppStoreAPIRetryPolicy
    /// The longest a caller waits for its rate-limit budget (or for a `Retry-After` instant)
    /// before failing fast with `rateLimited`. Zero: never wait.
    public var maximumRateLimitWait: Duration
    /// Responses larger than this are not read (`responseTooLarge`).
    public var maximumResponseBytes: Int
    /// The bearer token's lifetime (at most Apple's 60 minutes).
    public var tokenLifetime: Duration
    /// A new token is signed this long before the cached one expires.
    public var tokenRenewalMargin: Duration
    /// Sent as `User-Agent`.
    public var userAgent: String

    /// A configuration for `environment`. `baseURL` defaults to Apple's host for production and
    /// sandbox; other environments (the simulator) must give one.
    public init(
        environment: AppStoreEnvironment,
        baseURL: String? = nil,
        requestTimeout: Duration = .seconds(30),
        retry: AppStoreAPIRetryPolicy = AppStoreAPIRetryPolicy(),
        maximumRateLimitWait: Duration = .seconds(2),
        maximumResponseBytes: Int = 4 * 1024 * 1024,
        tokenLifetime: Duration = .seconds(20 * 60),
        tokenRenewalMargin: Duration = .seconds(120),
        userAgent: String = "storekeeper-appstore-api/1"
    ) {
        self.environment = environment
        self.baseURL = baseURL ?? Self.defaultBaseURL(for: environment) ?? ""
        self.requestTimeout = requestTimeout
        self.retry = retry
        self.maximumRateLimitWait = maximumRateLimitWait
        self.maximumResponseBytes = maximumResponseBytes
        self.tokenLifetime = tokenLifetime
        self.tokenRenewalMargin = tokenRenewalMargin
        self.userAgent = userAgent
    }

    /// Apple's host for production and sandbox; `nil` for any other environment.
    public static func defaultBaseURL(for environment: AppStoreEnvironment) -> String? {
        switch environment {
        case .production: return productionBaseURL
        case .sandbox: return sandboxBaseURL
        default: return nil
        }
    }
}

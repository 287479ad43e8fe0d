public import AppStoreModels

/// Per-app, per-endpoint request budgets for the App Store Server API.
///
/// ``apple`` is Apple's published table (``AppStoreServerEndpoint/appleRequestsPerSecond``, where
/// its source is quoted): production rates per second, sandbox at 10% of them. Apple may change
/// them at any time; a 429 with `Retry-After` is always honoured regardless of this table.
///
/// Each bucket refills at the per-second rate and holds at most `burstSeconds` worth of
/// requests, so traffic stays under the hourly budget however it is spread.
public struct AppStoreServerRateLimits: Hashable, Sendable {
    /// Production requests per second, per endpoint.
    public var requestsPerSecond: [AppStoreServerEndpoint: Double]
    /// The fraction of the production rate that applies outside production (Apple: 10%).
    public var sandboxFactor: Double
    /// How many seconds of budget a bucket may accumulate (its burst size); at least one request.
    public var burstSeconds: Double

    public init(
        requestsPerSecond: [AppStoreServerEndpoint: Double],
        sandboxFactor: Double = 0.1,
        burstSeconds: Double = 1
    ) {
        self.requestsPerSecond = requestsPerSecond
        self.sandboxFactor = sandboxFactor
        self.burstSeconds = burstSeconds
    }

    /// The table Apple publishes (see ``AppStoreServerEndpoint/appleRequestsPerSecond``).
    public static let apple = AppStoreServerRateLimits(
        requestsPerSecond: Dictionary(uniqueKeysWithValues: AppStoreServerEndpoint.allCases.map { ($0, $0.appleRequestsPerSecond) }))

    /// Effectively no limit (a million requests per second on every endpoint, in every
    /// environment): for the App Store simulator and load tests, never for Apple's hosts.
    public static let unlimited = AppStoreServerRateLimits(
        requestsPerSecond: Dictionary(uniqueKeysWithValues: AppStoreServerEndpoint.allCases.map { ($0, 1_000_000) }),
        sandboxFactor: 1)

    /// The rate used for an endpoint missing from `requestsPerSecond`.
    public static let fallbackRequestsPerSecond: Double = 1

    /// The refill rate (requests per second) and capacity of the bucket for `endpoint` in
    /// `environment`.
    public func bucket(
        for endpoint: AppStoreServerEndpoint,
        environment: AppStoreEnvironment
    ) -> (ratePerSecond: Double, capacity: Double) {
        var rate = requestsPerSecond[endpoint] ?? Self.fallbackRequestsPerSecond
        if environment != .production { rate *= sandboxFactor }
        rate = max(rate, 0.000_001)
        return (rate, max(1, rate * burstSeconds))
    }
}

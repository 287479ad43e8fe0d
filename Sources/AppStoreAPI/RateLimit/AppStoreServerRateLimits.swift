public import AppStoreModels

/// Apple's published per-app, per-endpoint request budgets for the App Store Server API.
///
/// Source: Apple, *App Store Server API › Identifying rate limits*
/// (https://developer.apple.com/documentation/appstoreserverapi/identifying-rate-limits):
/// "The request limits apply per app. The following table lists the rate limits for each endpoint
/// in the production environment, expressed in requests per second. The system enforces rate
/// limits on an hourly basis. [...] The rate limits in the sandbox environment are 10% of the
/// limits in the table above." Apple may change them at any time; a 429 with `Retry-After` is
/// always honoured regardless of this table.
///
/// | endpoint | production req/s |
/// |---|---|
/// | Finish Transaction | 50 |
/// | Get App Transaction Info | 50 |
/// | Get Transaction Info | 50 |
/// | Get Transaction History | 50 |
/// | Get All Subscription Statuses | 50 |
/// | Send Consumption Information (and V1) | 50 |
/// | Get Notification History | 50 |
/// | Extend a Subscription Renewal Date | 20 |
/// | Set App Account Token | 20 |
/// | Look Up Order ID | 10 |
/// | Get Refund History | 10 |
/// | Extend Subscription Renewal Dates for All Active Subscribers | 1 |
/// | Request a Test Notification | 1 |
/// | Get Test Notification Status | 1 |
/// | Get Status of Subscription Renewal Date Extensions | *not listed; 1 assumed* |
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

    /// The table Apple publishes (see the type's documentation).
    public static let apple = AppStoreServerRateLimits(requestsPerSecond: [
        .finishTransaction: 50,
        .getAppTransactionInfo: 50,
        .getTransactionInfo: 50,
        .getTransactionHistory: 50,
        .getAllSubscriptionStatuses: 50,
        .sendConsumptionInformation: 50,
        .sendConsumptionInformationV1: 50,
        .getNotificationHistory: 50,
        .extendSubscriptionRenewalDate: 20,
        .setAppAccountToken: 20,
        .lookUpOrderId: 10,
        .getRefundHistory: 10,
        .extendRenewalDatesForAllActiveSubscribers: 1,
        .requestTestNotification: 1,
        .getTestNotificationStatus: 1,
        // Not in Apple's table; treated like the other mass-extension endpoint.
        .getStatusOfSubscriptionRenewalDateExtensions: 1,
    ])

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

import AppStoreModels
import Foundation
import Metrics

/// The metrics of the App Store clients, recorded through an injected `MetricsFactory` (never a
/// global bootstrap). Label values are bounded: endpoint names come from fixed enums, outcomes
/// from ``AppStoreAPIError/Code``, Apple error codes are numbers.
///
/// | metric | type | dimensions |
/// |---|---|---|
/// | `storekeeper.appstore_api.requests` | counter, one per HTTP attempt | `endpoint`, `environment`, `outcome` (`success` or an error code) |
/// | `storekeeper.appstore_api.request.duration` | timer, per HTTP attempt | `endpoint`, `environment` |
/// | `storekeeper.appstore_api.errors` | counter, per failed attempt | `endpoint`, `code`, `apple_error_code` (number, or `none`) |
/// | `storekeeper.appstore_api.rate_limited` | counter | `endpoint`, `source` (`apple` for HTTP 429, `local` for an exhausted budget) |
/// | `storekeeper.appstore_api.retries` | counter | `endpoint` |
/// | `storekeeper.appstore_api.receipt_status` | counter, per verifyReceipt answer | `environment`, `status` (number, `21100-21199` grouped) |
struct AppStoreAPIMetrics: Sendable {
    static let requests = AppStoreAPIMetricNames.requests
    static let duration = AppStoreAPIMetricNames.duration
    static let errors = AppStoreAPIMetricNames.errors
    static let rateLimited = AppStoreAPIMetricNames.rateLimited
    static let retries = AppStoreAPIMetricNames.retries
    static let receiptStatus = AppStoreAPIMetricNames.receiptStatus

    let factory: any MetricsFactory

    func recordAttempt(
        endpoint: String,
        environment: AppStoreEnvironment,
        duration: Duration,
        error: AppStoreAPIError?
    ) {
        let env = Self.environmentLabel(environment)
        let outcome = error?.code.rawValue ?? "success"
        Counter(
            label: Self.requests,
            dimensions: [("endpoint", endpoint), ("environment", env), ("outcome", outcome)],
            factory: factory
        ).increment()
        CoreMetrics.Timer(label: Self.duration, dimensions: [("endpoint", endpoint), ("environment", env)], factory: factory)
            .recordNanoseconds(Int64(duration.seconds * 1e9))
        if let error { recordError(endpoint: endpoint, error: error) }
    }

    func recordError(endpoint: String, error: AppStoreAPIError) {
        let appleCode = error.errorCode.map { String($0.rawValue) } ?? "none"
        Counter(
            label: Self.errors,
            dimensions: [("endpoint", endpoint), ("code", error.code.rawValue), ("apple_error_code", appleCode)],
            factory: factory
        ).increment()
    }

    func recordRateLimited(endpoint: String, byApple: Bool) {
        Counter(
            label: Self.rateLimited,
            dimensions: [("endpoint", endpoint), ("source", byApple ? "apple" : "local")],
            factory: factory
        ).increment()
    }

    func recordRetry(endpoint: String) {
        Counter(label: Self.retries, dimensions: [("endpoint", endpoint)], factory: factory).increment()
    }

    func recordReceiptStatus(_ status: VerifyReceiptStatus, environment: AppStoreEnvironment) {
        let label = status.isInternalDataAccessError ? "21100-21199" : String(status.rawValue)
        Counter(
            label: Self.receiptStatus,
            dimensions: [("environment", Self.environmentLabel(environment)), ("status", label)],
            factory: factory
        ).increment()
    }

    /// Known environments by name; anything else grouped, so the label set stays bounded.
    static func environmentLabel(_ environment: AppStoreEnvironment) -> String {
        switch environment {
        case .production, .sandbox, .xcode, .localTesting: return environment.rawValue
        default: return "other"
        }
    }
}

/// The labels of the metrics the clients record (the "link to Apple" monitor: availability from
/// `requests` by `outcome`, latency from `request.duration`, throttling from `rate_limited`).
/// Each member documents its dimensions; label values are bounded.
public enum AppStoreAPIMetricNames {
    /// Counter per HTTP attempt; dimensions `endpoint`, `environment`, `outcome` (`success` or an
    /// ``AppStoreAPIError/Code`` raw value).
    public static let requests = "storekeeper.appstore_api.requests"
    /// Timer per HTTP attempt; dimensions `endpoint`, `environment`.
    public static let duration = "storekeeper.appstore_api.request.duration"
    /// Counter per failure; dimensions `endpoint`, `code`, `apple_error_code` (number or `none`).
    public static let errors = "storekeeper.appstore_api.errors"
    /// Counter; dimensions `endpoint`, `source` (`apple` = HTTP 429, `local` = budget exhausted).
    public static let rateLimited = "storekeeper.appstore_api.rate_limited"
    /// Counter of automatic retries; dimension `endpoint`.
    public static let retries = "storekeeper.appstore_api.retries"
    /// Counter per verifyReceipt answer; dimensions `environment`, `status` (211xx grouped).
    public static let receiptStatus = "storekeeper.appstore_api.receipt_status"
}

/// Metadata keys of the clients' log records.
public enum AppStoreAPILogKeys {
    public static let endpoint = "storekeeper.endpoint"
    public static let environment = "storekeeper.environment"
    public static let attempt = "storekeeper.attempt"
    public static let httpStatus = "storekeeper.http_status"
    public static let errorCode = "storekeeper.error_code"
    public static let appleErrorCode = "storekeeper.apple_error_code"
    public static let retryAfter = "storekeeper.retry_after"
    public static let delayMilliseconds = "storekeeper.delay_ms"
    public static let receiptStatus = "storekeeper.receipt_status"
}

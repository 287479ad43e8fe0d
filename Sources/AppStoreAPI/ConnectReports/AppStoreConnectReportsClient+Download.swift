import AppStoreModels
import Foundation
import Logging

extension AppStoreConnectReportsClient {
    /// How long every call is held back after a 429 without a usable `Retry-After` (the budget is
    /// a rolling hour, so waiting a minute is the least that can help).
    static let fallbackRetryAfter: TimeInterval = 60

    /// The shared retry loop and attempt (``AppStoreAPIExchange``) with this client's parts.
    var exchange: AppStoreAPIExchange {
        AppStoreAPIExchange(
            apiName: "App Store Connect API report", transport: transport, tokens: tokens, clock: clock, metrics: metrics,
            environment: configuration.environment, retry: configuration.retry, requestTimeout: configuration.requestTimeout,
            maximumResponseBytes: configuration.maximumResponseBytes, userAgent: configuration.userAgent,
            fallbackRetryAfter: Self.fallbackRetryAfter)
    }

    /// Sends one report download with budget, authentication, 429 handling and retries: 2xx is
    /// the report, 404 is no report, anything else an error.
    func download(
        _ endpoint: AppStoreConnectReportEndpoint,
        query: [(name: String, value: String)]
    ) async throws(AppStoreAPIError) -> AppStoreConnectReportResult {
        let name = endpoint.rawValue
        let url = baseURL + endpoint.path + PathEncoding.query(query.map { URLQueryItem(name: $0.name, value: $0.value) })
        var logger = self.logger
        logger[metadataKey: AppStoreAPILogKeys.endpoint] = "\(name)"
        let exchange = self.exchange
        return try await exchange.withRetries(
            endpoint: name, mayRepeat: true, logger: logger,
            waitForBudget: { (previousFailure) throws(AppStoreAPIError) in
                try await waitForBudget(endpoint: name, retrying: previousFailure)
            },
            blockUntil: { budget.block(until: $0) },
            attempt: { attempt in
                // Apple serves reports only as `application/a-gzip` and refuses `Accept: application/json`.
                await exchange.attempt(
                    endpoint: name, method: endpoint.method, url: url, headers: [("Accept", "application/a-gzip")], body: nil,
                    attempt: attempt, logger: logger
                ) { response, retryAfter in
                    if (200..<300).contains(response.status) { return .success(.report(DownloadedReport(bytes: response.body))) }
                    if response.status == 404 { return .success(.noReport(detail: AppStoreAPIError.connectDetail(response.body))) }
                    return .failure(
                        .fromConnectResponse(status: response.status, body: response.body, endpoint: name, retryAfter: retryAfter))
                }
            })
    }

    /// Takes a request from the key's budget, sleeping if it is within reach, or throws
    /// `rateLimited` (or, for a retry, the failure being retried).
    private func waitForBudget(endpoint name: String, retrying previousFailure: AppStoreAPIError?) async throws(AppStoreAPIError) {
        let maximumWait =
            previousFailure == nil
            ? configuration.maximumRateLimitWait : max(configuration.maximumRateLimitWait, configuration.retry.maximumBackoff)
        switch budget.acquire(now: clock.now, maximumWait: maximumWait) {
        case .proceed(let wait):
            guard wait > .zero else { return }
            do {
                try await clock.sleep(for: wait)
            } catch {
                budget.release(now: clock.now)
                throw AppStoreAPIError(.cancelled, "Cancelled while waiting for the rate limit.", endpoint: name)
            }
        case .reject(let retryAfter, let byApple):
            if let previousFailure { throw previousFailure }
            let error = AppStoreAPIError(
                .rateLimited,
                byApple
                    ? "Apple's 429 block has not passed; no request sent."
                    : "The local request budget of the App Store Connect API key is exhausted; no request sent.",
                endpoint: name, retryAfter: retryAfter)
            metrics.recordRateLimited(endpoint: name, byApple: false)
            metrics.recordError(endpoint: name, error: error)
            throw error
        }
    }
}

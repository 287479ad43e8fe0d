import AppStoreModels
import Foundation
import Logging

extension AppStoreConnectReportsClient {
    /// How long every call is held back after a 429 without a usable `Retry-After` (the budget is
    /// a rolling hour, so waiting a minute is the least that can help).
    static let fallbackRetryAfter: TimeInterval = 60

    /// Sends one report download with budget, authentication, 429 handling and retries.
    func download(
        _ endpoint: AppStoreConnectReportEndpoint,
        query: [(name: String, value: String)]
    ) async throws(AppStoreAPIError) -> AppStoreConnectReportResult {
        let name = endpoint.rawValue
        let url = baseURL + endpoint.path + PathEncoding.query(query.map { URLQueryItem(name: $0.name, value: $0.value) })
        var logger = self.logger
        logger[metadataKey: AppStoreAPILogKeys.endpoint] = "\(name)"
        var attempt = 0
        var previousFailure: AppStoreAPIError?
        while true {
            attempt += 1
            if Task.isCancelled { throw AppStoreAPIError(.cancelled, "The calling task was cancelled.", endpoint: name) }
            try await waitForBudget(endpoint: name, retrying: previousFailure)
            let error: AppStoreAPIError
            switch await sendOnce(url: url, endpoint: name, attempt: attempt, logger: logger) {
            case .success(let result): return result
            case .failure(let failure): error = failure
            }
            if error.code == .rateLimited, error.httpStatus == 429 {
                budget.block(until: error.retryAfter ?? clock.now.addingTimeInterval(Self.fallbackRetryAfter))
                throw error
            }
            if error.code == .unauthorized { tokens.invalidate() }
            guard error.isRetryable, attempt < configuration.retry.maximumAttempts else { throw error }
            let delay = configuration.retry.backoff(forRetry: attempt)
            metrics.recordRetry(endpoint: name)
            logger.warning(
                "App Store Connect API call failed; retrying",
                metadata: [
                    AppStoreAPILogKeys.attempt: "\(attempt)", AppStoreAPILogKeys.errorCode: "\(error.code.rawValue)",
                    AppStoreAPILogKeys.delayMilliseconds: "\(Int(delay.seconds * 1000))",
                ])
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw AppStoreAPIError(.cancelled, "Cancelled while waiting to retry.", endpoint: name)
            }
            previousFailure = error
        }
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

    /// One HTTP exchange, classified: 2xx is the report, 404 is no report, anything else an error.
    private func sendOnce(
        url: String, endpoint name: String, attempt: Int, logger: Logger
    ) async -> Result<
        AppStoreConnectReportResult, AppStoreAPIError
    > {
        let bearer: String
        do throws(AppStoreAPIError) {
            bearer = try tokens.token(now: clock.now)
        } catch {
            return .failure(error.at(endpoint: name))
        }
        // Apple serves reports only as `application/a-gzip` and refuses `Accept: application/json`.
        let request = TransportRequest(
            method: "GET", url: url,
            headers: [("Authorization", "Bearer \(bearer)"), ("Accept", "application/a-gzip"), ("User-Agent", configuration.userAgent)],
            body: nil)
        let started = ContinuousClock.now
        let outcome: Result<AppStoreConnectReportResult, AppStoreAPIError>
        do throws(TransportFailure) {
            let response = try await transport.send(
                request, timeout: configuration.requestTimeout, maxResponseBytes: configuration.maximumResponseBytes)
            if (200..<300).contains(response.status) {
                outcome = .success(.report(DownloadedReport(bytes: response.body)))
            } else if response.status == 404 {
                outcome = .success(.noReport(detail: AppStoreAPIError.connectDetail(response.body)))
            } else {
                let retryAfter =
                    response.status == 429
                    ? RetryAfter.parse(response.header("Retry-After"), now: clock.now)
                        ?? clock.now.addingTimeInterval(Self.fallbackRetryAfter) : nil
                outcome = .failure(
                    .fromConnectResponse(status: response.status, body: response.body, endpoint: name, retryAfter: retryAfter))
            }
        } catch {
            outcome = .failure(.fromTransport(error, endpoint: name))
        }
        let elapsed = ContinuousClock.now - started
        var metadata: Logger.Metadata = [AppStoreAPILogKeys.attempt: "\(attempt)"]
        switch outcome {
        case .success(let result):
            metrics.recordAttempt(endpoint: name, environment: configuration.environment, duration: elapsed, error: nil)
            if case .noReport = result { metadata[AppStoreAPILogKeys.httpStatus] = "404" }
            logger.debug("App Store Connect API report call answered", metadata: metadata)
        case .failure(let error):
            metrics.recordAttempt(endpoint: name, environment: configuration.environment, duration: elapsed, error: error)
            if error.httpStatus == 429 { metrics.recordRateLimited(endpoint: name, byApple: true) }
            metadata[AppStoreAPILogKeys.errorCode] = "\(error.code.rawValue)"
            if let status = error.httpStatus { metadata[AppStoreAPILogKeys.httpStatus] = "\(status)" }
            logger.notice("App Store Connect API report call failed", metadata: metadata)
        }
        return outcome
    }
}

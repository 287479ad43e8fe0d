import AppStoreModels
import Foundation
import Logging

/// How both of Apple's HTTP APIs are called — the App Store Server API
/// (``AppStoreServerAPIClient``) and the App Store Connect API (``AppStoreConnectReportsClient``):
/// the retry loop around a request budget, and each attempt with its bearer token, transport,
/// `Retry-After`, metrics and logs. The clients differ only in what they pass in: their budget,
/// their answer classification, their headers and whether a call may be repeated.
struct AppStoreAPIExchange {
    /// The API's name in log messages ("App Store Server API").
    let apiName: String
    let transport: any HTTPTransport
    let tokens: BearerTokenCache
    let clock: any WallClock
    let metrics: AppStoreAPIMetrics
    let environment: AppStoreEnvironment
    let retry: AppStoreAPIRetryPolicy
    let requestTimeout: Duration
    let maximumResponseBytes: Int
    let userAgent: String
    /// The instant assumed for a 429 without a usable `Retry-After` header, from now.
    let fallbackRetryAfter: TimeInterval

    /// Runs `attempt` until it succeeds, with the budget taken before each attempt.
    ///
    /// - A 429 from Apple calls `blockUntil` with its `Retry-After` (or the fallback) and is thrown.
    /// - A 401 drops the cached token, so the next attempt signs a new one.
    /// - Retryable failures are retried with the policy's backoff when `mayRepeat`.
    /// - Parameters:
    ///   - waitForBudget: Takes a request from the budget; it gets the failure being retried
    ///     (nil on the first attempt).
    func withRetries<Success>(
        endpoint name: String,
        mayRepeat: Bool,
        logger: Logger,
        waitForBudget: (_ retrying: AppStoreAPIError?) async throws(AppStoreAPIError) -> Void,
        blockUntil: (Date) -> Void,
        attempt send: (_ attempt: Int) async -> Result<Success, AppStoreAPIError>
    ) async throws(AppStoreAPIError) -> Success {
        var attempt = 0
        var previousFailure: AppStoreAPIError?
        while true {
            attempt += 1
            if Task.isCancelled {
                throw AppStoreAPIError(.cancelled, "The calling task was cancelled.", endpoint: name)
            }
            try await waitForBudget(previousFailure)
            let error: AppStoreAPIError
            switch await send(attempt) {
            case .success(let success): return success
            case .failure(let failure): error = failure
            }
            if error.code == .rateLimited, error.httpStatus == 429 {
                blockUntil(error.retryAfter ?? clock.now.addingTimeInterval(fallbackRetryAfter))
                throw error
            }
            if error.code == .unauthorized { tokens.invalidate() }
            guard mayRepeat, error.isRetryable, attempt < retry.maximumAttempts else { throw error }
            let delay = retry.backoff(forRetry: attempt)
            metrics.recordRetry(endpoint: name)
            logger.warning(
                "\(apiName) call failed; retrying",
                metadata: [
                    AppStoreAPILogKeys.attempt: "\(attempt)",
                    AppStoreAPILogKeys.errorCode: "\(error.code.rawValue)",
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

    /// One HTTP exchange: signs (or reuses) the bearer token, sends, and lets `classify` turn any
    /// answer into the outcome (it gets the answer and, for a 429, the `Retry-After` instant or
    /// the fallback). Records the attempt's duration, error and 429 metrics and logs the outcome.
    func attempt<Success>(
        endpoint name: String,
        method: String,
        url: String,
        headers: [(name: String, value: String)],
        body: [UInt8]?,
        attempt: Int,
        logger: Logger,
        classify: (TransportResponse, _ retryAfter: Date?) -> Result<Success, AppStoreAPIError>
    ) async -> Result<Success, AppStoreAPIError> {
        let bearer: String
        do throws(AppStoreAPIError) {
            bearer = try tokens.token(now: clock.now)
        } catch {
            return .failure(error.at(endpoint: name))
        }
        let request = TransportRequest(
            method: method, url: url,
            headers: [("Authorization", "Bearer \(bearer)")] + headers + [("User-Agent", userAgent)], body: body)

        let started = ContinuousClock.now
        let outcome: Result<Success, AppStoreAPIError>
        var status: Int?
        do throws(TransportFailure) {
            let response = try await transport.send(request, timeout: requestTimeout, maxResponseBytes: maximumResponseBytes)
            status = response.status
            let retryAfter =
                response.status == 429
                ? RetryAfter.parse(response.header("Retry-After"), now: clock.now) ?? clock.now.addingTimeInterval(fallbackRetryAfter)
                : nil
            outcome = classify(response, retryAfter)
        } catch {
            outcome = .failure(.fromTransport(error, endpoint: name))
        }
        let elapsed = ContinuousClock.now - started
        var metadata: Logger.Metadata = [AppStoreAPILogKeys.attempt: "\(attempt)"]
        switch outcome {
        case .success:
            metrics.recordAttempt(endpoint: name, environment: environment, duration: elapsed, error: nil)
            if let status { metadata[AppStoreAPILogKeys.httpStatus] = "\(status)" }
            logger.debug("\(apiName) call succeeded", metadata: metadata)
        case .failure(let error):
            metrics.recordAttempt(endpoint: name, environment: environment, duration: elapsed, error: error)
            if error.httpStatus == 429 { metrics.recordRateLimited(endpoint: name, byApple: true) }
            metadata[AppStoreAPILogKeys.errorCode] = "\(error.code.rawValue)"
            if let status = error.httpStatus { metadata[AppStoreAPILogKeys.httpStatus] = "\(status)" }
            if let appleCode = error.errorCode { metadata[AppStoreAPILogKeys.appleErrorCode] = "\(appleCode.rawValue)" }
            if let retryAfter = error.retryAfter {
                metadata[AppStoreAPILogKeys.retryAfter] = "\(Timestamp(retryAfter).millisecondsSince1970)"
            }
            logger.notice("\(apiName) call failed", metadata: metadata)
        }
        return outcome
    }
}

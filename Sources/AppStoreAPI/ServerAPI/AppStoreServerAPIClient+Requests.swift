import AppStoreModels
import Foundation
import Logging

/// One endpoint call, before authentication: endpoint, encoded path, query, JSON body.
struct EndpointCall: Sendable {
    var endpoint: AppStoreServerEndpoint
    var path: String
    var query: [URLQueryItem]
    var body: [UInt8]?

    /// A call of `endpoint` at its path with `parameters` (percent-encoded, in the order of
    /// ``AppStoreServerEndpoint/pathParameters``).
    init(endpoint: AppStoreServerEndpoint, parameters: String..., query: [URLQueryItem] = [], body: [UInt8]? = nil) {
        self.endpoint = endpoint
        self.path = endpoint.path(parameters)
        self.query = query
        self.body = body
    }
}

extension AppStoreServerAPIClient {
    /// The instant assumed for a 429 without a usable `Retry-After` header.
    static let fallbackRetryAfter: TimeInterval = 1

    /// Sends `call` with budget, authentication, 429 handling and retries; returns a 2xx response.
    func perform(_ call: EndpointCall) async throws(AppStoreAPIError) -> TransportResponse {
        let name = call.endpoint.rawValue
        let url = baseURL + call.path + PathEncoding.query(call.query)
        let key = AppStoreRateLimiter.Key(app: app, environment: configuration.environment, endpoint: call.endpoint)
        var logger = self.logger
        logger[metadataKey: AppStoreAPILogKeys.endpoint] = "\(name)"

        var attempt = 0
        var previousFailure: AppStoreAPIError?
        while true {
            attempt += 1
            if Task.isCancelled {
                throw AppStoreAPIError(.cancelled, "The calling task was cancelled.", endpoint: name)
            }
            try await waitForBudget(key, retrying: previousFailure, logger: logger)
            let result = await sendOnce(call, url: url, attempt: attempt, logger: logger)
            let error: AppStoreAPIError
            switch result {
            case .success(let response): return response
            case .failure(let failure): error = failure
            }
            if error.code == .rateLimited, error.httpStatus == 429 {
                let until = error.retryAfter ?? clock.now.addingTimeInterval(Self.fallbackRetryAfter)
                rateLimiter.block(key, until: until)
                throw error
            }
            if error.code == .unauthorized { tokens.invalidate() }
            guard call.endpoint.isIdempotent, error.isRetryable, attempt < configuration.retry.maximumAttempts else {
                throw error
            }
            let delay = configuration.retry.backoff(forRetry: attempt)
            metrics.recordRetry(endpoint: name)
            logger.warning(
                "App Store Server API call failed; retrying",
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

    /// Takes a token from the endpoint's budget, sleeping if it is (or a `Retry-After` instant
    /// is) within reach, or throws `rateLimited`.
    ///
    /// A retry (`retrying` is the failure being retried) may wait up to the larger of
    /// `maximumRateLimitWait` and the retry policy's `maximumBackoff`, so that retries also work on
    /// the 1-request-per-second endpoints; if even that is not enough, the failure being retried
    /// is thrown (its cause is kept) rather than a local rate-limit error.
    private func waitForBudget(
        _ key: AppStoreRateLimiter.Key,
        retrying previousFailure: AppStoreAPIError?,
        logger: Logger
    ) async throws(AppStoreAPIError) {
        let name = key.endpoint.rawValue
        let maximumWait =
            previousFailure == nil
            ? configuration.maximumRateLimitWait
            : max(configuration.maximumRateLimitWait, configuration.retry.maximumBackoff)
        switch rateLimiter.acquire(key, now: clock.now, maximumWait: maximumWait) {
        case .proceed(let wait):
            guard wait > .zero else { return }
            logger.debug(
                "Waiting for the App Store Server API budget",
                metadata: [AppStoreAPILogKeys.delayMilliseconds: "\(Int(wait.seconds * 1000))"])
            do {
                try await clock.sleep(for: wait)
            } catch {
                rateLimiter.release(key, now: clock.now)
                throw AppStoreAPIError(.cancelled, "Cancelled while waiting for the rate limit.", endpoint: name)
            }
        case .reject(let retryAfter, let byApple):
            if let previousFailure {
                logger.notice(
                    "Retry abandoned: the rate budget does not allow it soon enough",
                    metadata: [AppStoreAPILogKeys.retryAfter: "\(Timestamp(retryAfter).millisecondsSince1970)"])
                throw previousFailure
            }
            let error = AppStoreAPIError(
                .rateLimited,
                byApple
                    ? "Apple's Retry-After has not passed; no request sent."
                    : "The local request budget for the endpoint is exhausted; no request sent.",
                endpoint: name, retryAfter: retryAfter)
            metrics.recordRateLimited(endpoint: name, byApple: false)
            metrics.recordError(endpoint: name, error: error)
            logger.notice(
                "App Store Server API call refused by the rate limiter",
                metadata: [AppStoreAPILogKeys.retryAfter: "\(Timestamp(retryAfter).millisecondsSince1970)"])
            throw error
        }
    }

    /// One HTTP exchange, classified; records the attempt's metrics.
    private func sendOnce(
        _ call: EndpointCall,
        url: String,
        attempt: Int,
        logger: Logger
    ) async -> Result<TransportResponse, AppStoreAPIError> {
        let name = call.endpoint.rawValue
        let bearer: String
        do throws(AppStoreAPIError) {
            bearer = try tokens.token(now: clock.now)
        } catch {
            return .failure(error.at(endpoint: name))
        }
        var headers: [(name: String, value: String)] = [
            ("Authorization", "Bearer \(bearer)"),
            ("Accept", "application/json"),
            ("User-Agent", configuration.userAgent),
        ]
        if call.body != nil { headers.append(("Content-Type", "application/json")) }
        let request = TransportRequest(method: call.endpoint.method, url: url, headers: headers, body: call.body)

        let started = ContinuousClock.now
        let outcome: Result<TransportResponse, AppStoreAPIError>
        do throws(TransportFailure) {
            let response = try await transport.send(
                request, timeout: configuration.requestTimeout, maxResponseBytes: configuration.maximumResponseBytes)
            if (200..<300).contains(response.status) {
                outcome = .success(response)
            } else {
                let retryAfter =
                    response.status == 429
                    ? RetryAfter.parse(response.header("Retry-After"), now: clock.now)
                        ?? clock.now.addingTimeInterval(Self.fallbackRetryAfter)
                    : nil
                outcome = .failure(
                    .fromResponse(status: response.status, body: response.body, endpoint: name, retryAfter: retryAfter))
            }
        } catch {
            outcome = .failure(.fromTransport(error, endpoint: name))
        }
        let elapsed = ContinuousClock.now - started
        var metadata: Logger.Metadata = [AppStoreAPILogKeys.attempt: "\(attempt)"]
        switch outcome {
        case .success(let response):
            metrics.recordAttempt(endpoint: name, environment: configuration.environment, duration: elapsed, error: nil)
            metadata[AppStoreAPILogKeys.httpStatus] = "\(response.status)"
            logger.debug("App Store Server API call succeeded", metadata: metadata)
        case .failure(let error):
            metrics.recordAttempt(endpoint: name, environment: configuration.environment, duration: elapsed, error: error)
            if error.httpStatus == 429 { metrics.recordRateLimited(endpoint: name, byApple: true) }
            metadata[AppStoreAPILogKeys.errorCode] = "\(error.code.rawValue)"
            if let status = error.httpStatus { metadata[AppStoreAPILogKeys.httpStatus] = "\(status)" }
            if let appleCode = error.errorCode { metadata[AppStoreAPILogKeys.appleErrorCode] = "\(appleCode.rawValue)" }
            if let retryAfter = error.retryAfter {
                metadata[AppStoreAPILogKeys.retryAfter] = "\(Timestamp(retryAfter).millisecondsSince1970)"
            }
            logger.notice("App Store Server API call failed", metadata: metadata)
        }
        return outcome
    }

    /// Sends `call` and decodes the 2xx body as `Response`.
    func perform<Response: Decodable>(
        _ call: EndpointCall,
        as type: Response.Type
    ) async throws(AppStoreAPIError) -> Response {
        let response = try await perform(call)
        do {
            return try JSONDecoder().decode(Response.self, from: Data(response.body))
        } catch {
            let failure = AppStoreAPIError(
                .decoding, "Apple's \(response.status) response is not a \(Response.self): \(error).",
                endpoint: call.endpoint.rawValue, httpStatus: response.status)
            metrics.recordError(endpoint: call.endpoint.rawValue, error: failure)
            throw failure
        }
    }

    /// Encodes a request body as JSON.
    func encode<Body: Encodable>(
        _ body: Body,
        for endpoint: AppStoreServerEndpoint
    ) throws(AppStoreAPIError) -> [UInt8] {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys  // identical bytes for identical requests
            return Array(try encoder.encode(body))
        } catch {
            throw AppStoreAPIError(.invalidRequest, "Could not encode the request body: \(error).", endpoint: endpoint.rawValue)
        }
    }
}

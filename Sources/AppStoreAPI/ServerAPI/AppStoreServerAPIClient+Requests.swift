import AppStoreModels
import Foundation
import Logging

/// One endpoint call, before authentication: endpoint, encoded path, query, body (JSON unless
/// `contentType` says otherwise: Upload Image sends a PNG).
struct EndpointCall: Sendable {
    var endpoint: AppStoreServerEndpoint
    var path: String
    var query: [URLQueryItem]
    var body: [UInt8]?
    var contentType = "application/json"

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

    /// The shared retry loop and attempt (``AppStoreAPIExchange``) with this client's parts.
    var exchange: AppStoreAPIExchange {
        AppStoreAPIExchange(
            apiName: "App Store Server API", transport: transport, tokens: tokens, clock: clock, metrics: metrics,
            environment: configuration.environment, retry: configuration.retry, requestTimeout: configuration.requestTimeout,
            maximumResponseBytes: configuration.maximumResponseBytes, userAgent: configuration.userAgent,
            fallbackRetryAfter: Self.fallbackRetryAfter)
    }

    /// Sends `call` with budget, authentication, 429 handling and retries (idempotent endpoints
    /// only); returns a 2xx response.
    func perform(_ call: EndpointCall) async throws(AppStoreAPIError) -> TransportResponse {
        let name = call.endpoint.rawValue
        let url = baseURL + call.path + PathEncoding.query(call.query)
        let key = AppStoreRateLimiter.Key(app: app, environment: configuration.environment, endpoint: call.endpoint)
        var logger = self.logger
        logger[metadataKey: AppStoreAPILogKeys.endpoint] = "\(name)"
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if call.body != nil { headers.append(("Content-Type", call.contentType)) }
        let exchange = self.exchange
        return try await exchange.withRetries(
            endpoint: name, mayRepeat: call.endpoint.isIdempotent, logger: logger,
            waitForBudget: { (previousFailure) throws(AppStoreAPIError) in
                try await waitForBudget(key, retrying: previousFailure, logger: logger)
            },
            blockUntil: { rateLimiter.block(key, until: $0) },
            attempt: { attempt in
                await exchange.attempt(
                    endpoint: name, method: call.endpoint.method, url: url, headers: headers, body: call.body, attempt: attempt,
                    logger: logger
                ) { response, retryAfter in
                    (200..<300).contains(response.status)
                        ? .success(response)
                        : .failure(.fromResponse(status: response.status, body: response.body, endpoint: name, retryAfter: retryAfter))
                }
            })
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

    /// Sends `call` and decodes the 2xx body as `Response`.
    func perform<Response: Decodable>(
        _ call: EndpointCall,
        as type: Response.Type
    ) async throws(AppStoreAPIError) -> Response {
        let response = try await perform(call)
        do {
            return try JSONCoding.decode(Response.self, from: Data(response.body))
        } catch {
            let failure = AppStoreAPIError(
                .decoding, "Apple's \(response.status) response is not a \(Response.self): \(error).",
                endpoint: call.endpoint.rawValue, httpStatus: response.status, underlying: error)
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
            throw AppStoreAPIError(
                .invalidRequest, "Could not encode the request body: \(error).", endpoint: endpoint.rawValue, underlying: error)
        }
    }
}

public import AppStoreModels
public import AsyncHTTPClient
import Foundation
public import Logging
public import Metrics

/// ``ReceiptVerificationAPI`` over HTTP (AsyncHTTPClient): Apple's `verifyReceipt`, production
/// first, sandbox on 21007 (if allowed), production on 21008, retries with jittered backoff.
///
/// `verifyReceipt` is a `POST` but a pure read (it only decodes and checks the receipt), so every
/// attempt may be repeated safely.
public struct ReceiptVerificationClient: ReceiptVerificationAPI {
    /// The endpoint label used in metrics, logs and errors.
    public static let endpointName = "verifyReceipt"
    /// At most this many environment switches (21007/21008) per call; more is a loop.
    static let maximumRedirects = 2

    public let configuration: ReceiptVerificationConfiguration
    let transport: any HTTPTransport
    let clock: any WallClock
    let metrics: AppStoreAPIMetrics
    let logger: Logger

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: Endpoints, sandbox policy, shared secret, timeouts, retries, size caps.
    ///   - httpClient: The AsyncHTTPClient to send requests with (not shut down by the client).
    ///   - clock: Sleeping for backoff (inject a fake in tests).
    ///   - metricsFactory: Where metrics go (never bootstrapped here).
    ///   - logger: Request logs; by default discarded.
    public init(
        configuration: ReceiptVerificationConfiguration,
        httpClient: HTTPClient = .shared,
        clock: any WallClock = SystemClock(),
        metricsFactory: any MetricsFactory = MetricsSystem.factory,
        logger: Logger = Logger(label: "storekeeper.verify-receipt", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.init(
            configuration: configuration, transport: AsyncHTTPClientTransport(client: httpClient), clock: clock,
            metricsFactory: metricsFactory, logger: logger)
    }

    init(
        configuration: ReceiptVerificationConfiguration,
        transport: any HTTPTransport,
        clock: any WallClock,
        metricsFactory: any MetricsFactory,
        logger: Logger
    ) {
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
        self.metrics = AppStoreAPIMetrics(factory: metricsFactory)
        var logger = logger
        logger[metadataKey: AppStoreAPILogKeys.endpoint] = "\(Self.endpointName)"
        self.logger = logger
    }

    public func verifyReceipt(
        _ request: VerifyReceiptRequest,
        allowSandbox: Bool?
    ) async throws(AppStoreAPIError) -> ReceiptVerificationResult {
        let name = Self.endpointName
        guard !request.receiptData.isEmpty, request.receiptData.utf8.count <= configuration.maximumReceiptBytes else {
            throw AppStoreAPIError(
                .invalidRequest,
                "receipt-data must be 1 to \(configuration.maximumReceiptBytes) bytes "
                    + "(got \(request.receiptData.utf8.count)); not sent.",
                endpoint: name)
        }
        var request = request
        if request.password == nil { request.password = configuration.sharedSecret }
        let body: [UInt8]
        do {
            body = Array(try JSONEncoder().encode(request))
        } catch {
            throw AppStoreAPIError(.invalidRequest, "Could not encode the request: \(error).", endpoint: name, underlying: error)
        }
        let sandboxAllowed = allowSandbox ?? configuration.allowSandbox

        var environment = configuration.startingEnvironment == .sandbox ? AppStoreEnvironment.sandbox : .production
        if environment == .sandbox && !sandboxAllowed {
            throw AppStoreAPIError(
                .sandboxNotAllowed, "Configured to start at the sandbox while sandbox receipts are forbidden.",
                endpoint: name, environment: .sandbox)
        }
        var steps: [ReceiptVerificationResult.Step] = []
        while true {
            let (response, attempts) = try await post(body, to: environment)
            steps.append(.init(environment: environment, status: response.status, attempts: attempts))
            let status = response.status
            if status == .valid || status == .subscriptionExpired {
                logger.debug(
                    "verifyReceipt accepted the receipt",
                    metadata: [
                        AppStoreAPILogKeys.environment: "\(environment.rawValue)",
                        AppStoreAPILogKeys.receiptStatus: "\(status.rawValue)",
                    ])
                return ReceiptVerificationResult(environment: environment, response: response, steps: steps)
            }
            let redirect: AppStoreEnvironment?
            if status == .sandboxReceiptSentToProduction && environment == .production {
                guard sandboxAllowed else {
                    throw AppStoreAPIError(
                        .sandboxNotAllowed, "The receipt is from the sandbox (21007) and sandbox receipts are not allowed.",
                        endpoint: name, receiptStatus: status, environment: environment)
                }
                redirect = .sandbox
            } else if status == .productionReceiptSentToSandbox && environment == .sandbox {
                redirect = .production
            } else {
                redirect = nil
            }
            guard let redirect else {
                throw Self.finalError(status, markedUnresolvable: response.isRetryable?.value == false, environment: environment)
            }
            guard steps.count <= Self.maximumRedirects else {
                throw AppStoreAPIError(
                    .unexpectedReceiptStatus,
                    "verifyReceipt kept redirecting between environments: "
                        + steps.map { "\($0.environment.rawValue) \($0.status.rawValue)" }.joined(separator: " → ") + ".",
                    endpoint: name, receiptStatus: status, environment: environment)
            }
            logger.info(
                "verifyReceipt redirected the receipt to the other environment",
                metadata: [
                    AppStoreAPILogKeys.environment: "\(environment.rawValue)",
                    AppStoreAPILogKeys.receiptStatus: "\(status.rawValue)",
                ])
            environment = redirect
        }
    }

    /// The error for a status that ends verification.
    static func finalError(
        _ status: VerifyReceiptStatus,
        markedUnresolvable: Bool,
        environment: AppStoreEnvironment
    ) -> AppStoreAPIError {
        let (code, reason) = classify(status, markedUnresolvable: markedUnresolvable)
        return AppStoreAPIError(code, reason, endpoint: endpointName, receiptStatus: status, environment: environment)
    }

    private static func classify(
        _ status: VerifyReceiptStatus,
        markedUnresolvable: Bool
    ) -> (AppStoreAPIError.Code, String) {
        switch status {
        case .receiptNotAuthenticated:
            return (.receiptInvalid, "The receipt could not be authenticated (21003).")
        case .malformedReceiptData:
            return (.receiptInvalid, "The receipt data stayed malformed after every retry (21002).")
        case .sharedSecretMismatch:
            return (.sharedSecretMismatch, "The shared secret does not match the app's (21004).")
        case .accountNotFound:
            return (.receiptAccountNotFound, "The customer's account was not found or was deleted (21010).")
        case .receiptServerUnavailable, .internalDataAccessError:
            return (.receiptServiceUnavailable, "The receipt service stayed unavailable (\(status.rawValue)).")
        case .requestNotPost:
            return (.invalidRequest, "Apple could not read the request (21000).")
        default:
            if status.isInternalDataAccessError && markedUnresolvable {
                return (.unexpectedReceiptStatus, "Internal data access error \(status.rawValue), marked not retryable.")
            }
            if status.isInternalDataAccessError {
                return (.receiptServiceUnavailable, "Internal data access error \(status.rawValue) persisted.")
            }
            return (.unexpectedReceiptStatus, "verifyReceipt answered status \(status.rawValue).")
        }
    }
}

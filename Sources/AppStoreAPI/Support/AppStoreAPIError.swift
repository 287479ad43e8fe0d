public import AppStoreModels
public import Foundation

/// Why a call to one of Apple's servers (App Store Server API or `verifyReceipt`) failed.
///
/// `code` is stable and safe to match on and to show in dashboards; `reason` explains the cause
/// for logs and operators (it never contains a bearer token, a shared secret or a receipt).
/// Apple's own details are kept: the HTTP status, the App Store Server API `errorCode` and
/// `errorMessage` (for example 4040010 `TransactionIdNotFoundError`), the `verifyReceipt`
/// `status`, and for rate limiting the instant from which a new request may be sent. A local
/// failure (decoding, encoding, signing) keeps the error it wraps, typed, in `underlying`;
/// equality and hashing leave `underlying` out.
public struct AppStoreAPIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable error code: an open set of string values.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// HTTP 400: Apple rejected the request as invalid (see `errorCode`), or the client refused
        /// to send a request it knows to be invalid.
        public static let invalidRequest = Code(rawValue: "invalidRequest")
        /// HTTP 401: the bearer token was rejected (wrong key, issuer, bundle ID, or clock skew).
        public static let unauthorized = Code(rawValue: "unauthorized")
        /// HTTP 403: the request is valid but not allowed (for example a subscription that can't be
        /// extended; see `errorCode`).
        public static let forbidden = Code(rawValue: "forbidden")
        /// HTTP 404: the transaction, account, app or request was not found (see `errorCode`).
        public static let notFound = Code(rawValue: "notFound")
        /// HTTP 429 from Apple, or the local per-endpoint budget is exhausted; `retryAfter` says
        /// when the next request may be sent.
        public static let rateLimited = Code(rawValue: "rateLimited")
        /// HTTP 5xx from Apple.
        public static let serverError = Code(rawValue: "serverError")
        /// An HTTP status Apple does not document for the endpoint.
        public static let unexpectedStatus = Code(rawValue: "unexpectedStatus")
        /// No complete response before the per-request timeout.
        public static let timeout = Code(rawValue: "timeout")
        /// The connection could not be made or broke (DNS, refused, reset, TLS).
        public static let network = Code(rawValue: "network")
        /// A success response whose body is not the documented JSON.
        public static let decoding = Code(rawValue: "decoding")
        /// A response that decodes but breaks Apple's contract (for example `hasMore` without a
        /// new pagination token).
        public static let invalidResponse = Code(rawValue: "invalidResponse")
        /// The response body exceeded the configured cap and was not read.
        public static let responseTooLarge = Code(rawValue: "responseTooLarge")
        /// The client's configuration cannot work (for example no base URL for an environment).
        public static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
        /// The bearer token could not be signed.
        public static let signing = Code(rawValue: "signing")
        /// The calling task was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")

        /// verifyReceipt 21003 (or 21002 after every retry): the receipt is not authentic or
        /// not a receipt.
        public static let receiptInvalid = Code(rawValue: "receiptInvalid")
        /// verifyReceipt 21004: the shared secret does not match the app's (a configuration
        /// problem, never the customer's).
        public static let sharedSecretMismatch = Code(rawValue: "sharedSecretMismatch")
        /// verifyReceipt 21010: the customer's account was not found or was deleted.
        public static let receiptAccountNotFound = Code(rawValue: "receiptAccountNotFound")
        /// verifyReceipt 21005, 21009 or 21100–21199 after every retry: Apple's receipt service is
        /// temporarily unable to answer.
        public static let receiptServiceUnavailable = Code(rawValue: "receiptServiceUnavailable")
        /// verifyReceipt 21007 while the caller forbids sandbox receipts.
        public static let sandboxNotAllowed = Code(rawValue: "sandboxNotAllowed")
        /// A verifyReceipt `status` that Apple does not document, or a redirect loop.
        public static let unexpectedReceiptStatus = Code(rawValue: "unexpectedReceiptStatus")
    }

    /// The stable error code.
    public let code: Code
    /// What happened, in words, for logs (never secrets).
    public let reason: String
    /// The endpoint that failed (``AppStoreServerEndpoint`` raw value, or `verifyReceipt`).
    public let endpoint: String?
    /// The HTTP status of Apple's response, if one was received.
    public let httpStatus: Int?
    /// Apple's App Store Server API `errorCode`, if the error body had one.
    public let errorCode: APIErrorCode?
    /// Apple's `errorMessage`, if the error body had one.
    public let errorMessage: String?
    /// The earliest instant at which a new request to the endpoint may be sent (rate limiting).
    public let retryAfter: Date?
    /// The `status` of the final verifyReceipt response, for receipt errors.
    public let receiptStatus: VerifyReceiptStatus?
    /// The environment whose server gave the final answer, when known.
    public let environment: AppStoreEnvironment?
    /// The App Store Connect API's error `code` (for example `NOT_FOUND`,
    /// `RATE_LIMIT_EXCEEDED`), when the error body was its `errors` array.
    public let connectErrorCode: String?
    /// The error this one wraps, when the failure was local (a body that did not decode or
    /// encode, a token that could not be signed).
    public let underlying: (any Error)?

    public init(
        _ code: Code,
        _ reason: String,
        endpoint: String? = nil,
        httpStatus: Int? = nil,
        errorCode: APIErrorCode? = nil,
        errorMessage: String? = nil,
        retryAfter: Date? = nil,
        receiptStatus: VerifyReceiptStatus? = nil,
        environment: AppStoreEnvironment? = nil,
        connectErrorCode: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.reason = reason
        self.endpoint = endpoint
        self.httpStatus = httpStatus
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.retryAfter = retryAfter
        self.receiptStatus = receiptStatus
        self.environment = environment
        self.connectErrorCode = connectErrorCode
        self.underlying = underlying
    }

    public static func == (lhs: AppStoreAPIError, rhs: AppStoreAPIError) -> Bool {
        lhs.code == rhs.code && lhs.reason == rhs.reason && lhs.endpoint == rhs.endpoint && lhs.httpStatus == rhs.httpStatus
            && lhs.errorCode == rhs.errorCode && lhs.errorMessage == rhs.errorMessage && lhs.retryAfter == rhs.retryAfter
            && lhs.receiptStatus == rhs.receiptStatus && lhs.environment == rhs.environment
            && lhs.connectErrorCode == rhs.connectErrorCode
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(reason)
        hasher.combine(endpoint)
        hasher.combine(httpStatus)
        hasher.combine(errorCode)
        hasher.combine(errorMessage)
        hasher.combine(retryAfter)
        hasher.combine(receiptStatus)
        hasher.combine(environment)
        hasher.combine(connectErrorCode)
    }

    /// Whether sending the same request again later may succeed.
    ///
    /// True for rate limiting (after `retryAfter`), 5xx, timeouts, network failures, Apple's
    /// documented `…RetryableError` codes (4040002, 4040004, 4040006, 5000001) and a receipt
    /// service that stayed unavailable. False for everything that needs a different request,
    /// different credentials or a code change.
    public var isRetryable: Bool {
        if let errorCode, errorCode.isRetryable { return true }
        switch code {
        case .rateLimited, .serverError, .timeout, .network, .receiptServiceUnavailable:
            return true
        default:
            return false
        }
    }

    public var description: String {
        var text = "\(code.rawValue): \(reason)"
        if let endpoint { text += " [endpoint \(endpoint)]" }
        if let httpStatus { text += " [HTTP \(httpStatus)]" }
        if let errorCode { text += " [errorCode \(errorCode.rawValue)]" }
        if let connectErrorCode { text += " [code \(connectErrorCode.prefix(60))]" }
        if let receiptStatus { text += " [status \(receiptStatus.rawValue)]" }
        if let retryAfter { text += " [retryAfter \(Timestamp(retryAfter))]" }
        return text
    }

    /// The same error with `endpoint` set (if it was not).
    func at(endpoint name: String) -> AppStoreAPIError {
        guard endpoint == nil else { return self }
        return AppStoreAPIError(
            code, reason, endpoint: name, httpStatus: httpStatus, errorCode: errorCode,
            errorMessage: errorMessage, retryAfter: retryAfter, receiptStatus: receiptStatus,
            environment: environment, connectErrorCode: connectErrorCode, underlying: underlying)
    }
}

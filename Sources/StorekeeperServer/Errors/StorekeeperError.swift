import AppStoreModels
public import AppStoreVerification
import Foundation
public import HTTPTypes
public import Hummingbird
import NIOCore

/// An error a client of Storekeeper's API sees: a stable `code`, a safe `message`, an HTTP status.
///
/// Internal causes are kept for logs and never rendered to clients: the underlying error itself,
/// typed, in `underlying` (as postgres-nio's `PSQLError` keeps its own), and context without an
/// error value in `cause`. The response body carries only `code`, `message` and
/// `verificationCode`.
public struct StorekeeperError: Error, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let invalidRequest = Code(rawValue: "invalidRequest")
        public static let unauthorized = Code(rawValue: "unauthorized")
        public static let forbidden = Code(rawValue: "forbidden")
        public static let notFound = Code(rawValue: "notFound")
        public static let conflict = Code(rawValue: "conflict")
        public static let insufficientFunds = Code(rawValue: "insufficientFunds")
        public static let payloadTooLarge = Code(rawValue: "payloadTooLarge")
        public static let unknownProduct = Code(rawValue: "unknownProduct")
        public static let ownedByAnotherCustomer = Code(rawValue: "ownedByAnotherCustomer")
        public static let unavailable = Code(rawValue: "temporarilyUnavailable")
        /// The app's configuration lacks what the request needs (e.g. a subscription offer key):
        /// no retry helps until an operator configures it.
        public static let notConfigured = Code(rawValue: "notConfigured")
        /// Text in the request (a JSON string, the path or the query) contains U+0000 (NUL), which
        /// Storekeeper never stores (PostgreSQL cannot): refused with 400 on every backend.
        public static let nulCharacter = Code(rawValue: "nulCharacter")
        public static let internalError = Code(rawValue: "internalError")
        /// An operator action's idempotency key was already used for a different request.
        public static let idempotencyConflict = Code(rawValue: "idempotencyConflict")
    }

    public let code: Code
    public let message: String
    public let status: HTTPResponse.Status
    /// The verification code when signed data was rejected (`invalidSignature`, ...).
    public let verificationCode: String?
    /// Context for logs only (what was being done, which record), when it is not an error value.
    public let cause: String?
    /// The error this one wraps, kept as the typed value for logs and callers that match on it
    /// (`error.underlying as? SQLError`); never shown to clients.
    public let underlying: (any Error)?

    public init(
        _ code: Code, _ message: String, status: HTTPResponse.Status, verificationCode: String? = nil, cause: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.status = status
        self.verificationCode = verificationCode
        self.cause = cause
        self.underlying = underlying
    }

    /// The cause for logs: `cause`, then the underlying error's own description.
    public var logCause: String {
        [cause, underlying.map { String(describing: $0) }].compactMap { $0 }.joined(separator: ": ")
    }

    public var description: String { "\(code.rawValue): \(message)" + (logCause.isEmpty ? "" : " (\(logCause))") }

    public static func invalidRequest(_ message: String) -> Self { .init(.invalidRequest, message, status: .badRequest) }
    public static func nulCharacter(_ message: String) -> Self { .init(.nulCharacter, message, status: .badRequest) }
    public static func unauthorized(_ message: String = "authentication required") -> Self {
        .init(.unauthorized, message, status: .unauthorized)
    }
    public static func forbidden(_ message: String) -> Self { .init(.forbidden, message, status: .forbidden) }
    public static func notFound(_ message: String) -> Self { .init(.notFound, message, status: .notFound) }
    public static func conflict(_ message: String) -> Self { .init(.conflict, message, status: .conflict) }
    public static func unavailable(_ message: String, cause: String? = nil, underlying: (any Error)? = nil) -> Self {
        .init(.unavailable, message, status: .serviceUnavailable, cause: cause, underlying: underlying)
    }

    /// Signed data that failed verification: 503 when a retry may succeed, else 422.
    public static func verification(_ error: VerificationError) -> Self {
        if error.isRetryable {
            return .init(
                .unavailable, "verification could not complete; retry later", status: .serviceUnavailable,
                verificationCode: error.code.rawValue, underlying: error)
        }
        return .init(
            Code(rawValue: error.code.rawValue), "signed data rejected: \(error.code.rawValue)",
            status: .unprocessableContent, verificationCode: error.code.rawValue, underlying: error)
    }
}

extension StorekeeperError: HTTPResponseError {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ErrorBody(error: .init(code: code.rawValue, message: message, verificationCode: verificationCode))
        let data = try FastJSONEncoder().encode(body)
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if status == .serviceUnavailable { headers[.retryAfter] = "5" }
        // The refused body may still be arriving: the connection ends after this response
        // (`CloseAfterResponseHandler`) rather than reading it to the end.
        if status == .contentTooLarge { headers[.connection] = "close" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// The JSON shape of every error response: `{"error": {"code", "message", "verificationCode"?}}`.
private struct ErrorBody: Encodable {
    struct Detail: Encodable {
        var code: String
        var message: String
        var verificationCode: String?
    }
    var error: Detail
}

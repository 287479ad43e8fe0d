/// An error a client of Storekeeper sees: a stable `code`, a safe `message`, and the `kind` of
/// failure in the application's terms.
///
/// Services, jobs and operator actions throw it without knowing how it is delivered; only the
/// HTTP edge turns a `kind` into a status (as Hummingbird's `HTTPResponseError` does), so the
/// same refusal reads the same through the JSON API and the console.
///
/// Internal causes are kept for logs and never rendered to clients: the underlying error itself,
/// typed, in `underlying` (as postgres-nio's `PSQLError` keeps its own), and context without an
/// error value in `cause`. A response carries only `code`, `message` and `verificationCode`.
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
        /// Storekeeper never stores (PostgreSQL cannot): refused as an invalid request on every backend.
        public static let nulCharacter = Code(rawValue: "nulCharacter")
        /// The `Storekeeper-Nonce` header of a request to an app's routes is not 22–86 base64url
        /// characters, so the answer could not be signed over it.
        public static let invalidNonce = Code(rawValue: "invalidNonce")
        public static let internalError = Code(rawValue: "internalError")
        /// An operator action's idempotency key was already used for a different request.
        public static let idempotencyConflict = Code(rawValue: "idempotencyConflict")
    }

    /// What kind of failure it is, which tells a caller what to do about it; the `code` says
    /// which failure exactly.
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// The request is malformed or breaks a rule the caller can see (a bad field or term).
        case invalidRequest
        /// The caller did not prove who it is.
        case unauthenticated
        /// The caller is known but not allowed to do this.
        case forbidden
        /// What the request names does not exist (or is not configured to exist).
        case notFound
        /// The request is valid but the current state refuses it (already used, owned by someone
        /// else, not allowed by the app's policy or configuration); repeating it changes nothing.
        case conflict
        /// The request is understood but its content is refused: signed data that failed
        /// verification, a product or currency the app does not have.
        case rejected
        /// The request's body is larger than the operation takes.
        case tooLarge
        /// A service Storekeeper relies on (Apple) refused or answered unusably, in a way a retry
        /// is not expected to cure.
        case upstreamFailure
        /// Storekeeper or a service it relies on cannot answer now; a retry may succeed.
        case unavailable
        /// A defect or unreadable stored state: nothing the caller did or can fix.
        case internalFailure
    }

    public let code: Code
    public let message: String
    public let kind: Kind
    /// The verification code when signed data was rejected (`invalidSignature`, ...).
    public let verificationCode: String?
    /// Context for logs only (what was being done, which record), when it is not an error value.
    public let cause: String?
    /// The error this one wraps, kept as the typed value for logs and callers that match on it
    /// (`error.underlying as? SQLError`); never shown to clients.
    public let underlying: (any Error)?

    public init(
        _ code: Code, _ message: String, kind: Kind, verificationCode: String? = nil, cause: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.kind = kind
        self.verificationCode = verificationCode
        self.cause = cause
        self.underlying = underlying
    }

    /// The cause for logs: `cause`, then the underlying error's own description.
    public var logCause: String {
        [cause, underlying.map { String(describing: $0) }].compactMap { $0 }.joined(separator: ": ")
    }

    public var description: String { "\(code.rawValue): \(message)" + (logCause.isEmpty ? "" : " (\(logCause))") }

    public static func invalidRequest(_ message: String) -> Self { .init(.invalidRequest, message, kind: .invalidRequest) }
    public static func nulCharacter(_ message: String) -> Self { .init(.nulCharacter, message, kind: .invalidRequest) }
    public static func invalidNonce(_ message: String) -> Self { .init(.invalidNonce, message, kind: .invalidRequest) }
    public static func unauthorized(_ message: String = "authentication required") -> Self {
        .init(.unauthorized, message, kind: .unauthenticated)
    }
    public static func forbidden(_ message: String) -> Self { .init(.forbidden, message, kind: .forbidden) }
    public static func notFound(_ message: String) -> Self { .init(.notFound, message, kind: .notFound) }
    public static func conflict(_ message: String) -> Self { .init(.conflict, message, kind: .conflict) }
    public static func unavailable(_ message: String, cause: String? = nil, underlying: (any Error)? = nil) -> Self {
        .init(.unavailable, message, kind: .unavailable, cause: cause, underlying: underlying)
    }
}

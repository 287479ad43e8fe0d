/// The outcome of one attempt by the App Store to deliver a notification to your server (`sendAttemptResult`, also the deprecated `firstSendAttemptResult`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct SendAttemptResult: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Your server answered with HTTP 200.
    public static let success = SendAttemptResult(rawValue: "SUCCESS")
    /// The request timed out.
    public static let timedOut = SendAttemptResult(rawValue: "TIMED_OUT")
    /// A TLS problem.
    public static let tlsIssue = SendAttemptResult(rawValue: "TLS_ISSUE")
    /// A circular redirect.
    public static let circularRedirect = SendAttemptResult(rawValue: "CIRCULAR_REDIRECT")
    /// No response.
    public static let noResponse = SendAttemptResult(rawValue: "NO_RESPONSE")
    /// A socket problem.
    public static let socketIssue = SendAttemptResult(rawValue: "SOCKET_ISSUE")
    /// The response used an unsupported character set.
    public static let unsupportedCharset = SendAttemptResult(rawValue: "UNSUPPORTED_CHARSET")
    /// The response was invalid.
    public static let invalidResponse = SendAttemptResult(rawValue: "INVALID_RESPONSE")
    /// The connection closed prematurely.
    public static let prematureClose = SendAttemptResult(rawValue: "PREMATURE_CLOSE")
    /// Your server answered with a non-200 status.
    public static let unsuccessfulHTTPResponseCode = SendAttemptResult(rawValue: "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
    /// Another error.
    public static let other = SendAttemptResult(rawValue: "OTHER")
    /// Deprecated predecessor of TLS_ISSUE (only in old `firstSendAttemptResult` values).
    public static let sslIssue = SendAttemptResult(rawValue: "SSL_ISSUE")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [SendAttemptResult] = [
        .success,
        .timedOut,
        .tlsIssue,
        .circularRedirect,
        .noResponse,
        .socketIssue,
        .unsupportedCharset,
        .invalidResponse,
        .prematureClose,
        .unsuccessfulHTTPResponseCode,
        .other,
        .sslIssue,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

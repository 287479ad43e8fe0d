/// A request that Apple's App Store Server API would reject, found while parsing or checking it
/// locally (for example by the simulator), with the Apple error code to answer with.
public struct APIRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The Apple error code this failure corresponds to.
    public let errorCode: APIErrorCode
    /// What was wrong, quoting at most a short prefix of the offending value.
    public let reason: String

    /// Creates an error with Apple's code and a reason.
    public init(_ errorCode: APIErrorCode, reason: String) {
        self.errorCode = errorCode
        self.reason = reason
    }

    /// The body Apple would send for this error.
    public var errorPayload: ErrorPayload {
        ErrorPayload(errorCode: errorCode, errorMessage: reason)
    }

    /// `<code>: <reason>`.
    public var description: String { "\(errorCode.rawValue): \(reason)" }
}

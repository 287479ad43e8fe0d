/// The JSON body Apple returns with an App Store Server API error.
public struct ErrorPayload: Hashable, Sendable, Codable {
    /// Apple's numeric error code.
    public var errorCode: APIErrorCode?
    /// Apple's human-readable description of the error.
    public var errorMessage: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(errorCode: APIErrorCode? = nil, errorMessage: String? = nil) {
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }
}

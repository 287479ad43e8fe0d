/// The JSON shape of every error response of both APIs:
/// `{"error": {"code", "message", "verificationCode"?}}`.
public struct APIErrorBody: Codable, Sendable, Hashable {
    /// What went wrong: a stable code to match on, and a message for people.
    public struct Detail: Codable, Sendable, Hashable {
        /// One of ``APIErrorCode``, or a verification code when signed data was rejected.
        public var code: String
        /// Safe to show; never internal text.
        public var message: String
        /// Why signed data was rejected (`invalidSignature`, ...), when it was.
        public var verificationCode: String?

        public init(code: String, message: String, verificationCode: String? = nil) {
            self.code = code
            self.message = message
            self.verificationCode = verificationCode
        }
    }

    public var error: Detail

    public init(error: Detail) {
        self.error = error
    }
}

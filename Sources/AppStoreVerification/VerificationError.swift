/// Why a piece of signed data was not accepted.
///
/// `code` is stable and safe to show to clients and to match on; `reason` explains the cause in
/// words for logs and operators (it never contains key material).
public struct VerificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable error code.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The bytes are not well-formed (wrong shape, bad base64, bad JSON, too large, too deep).
        public static let malformed = Code(rawValue: "malformed")
        /// The header names an algorithm other than ES256 (including `none` and HMAC).
        public static let unsupportedAlgorithm = Code(rawValue: "unsupportedAlgorithm")
        /// The certificate chain is not Apple's: wrong length or order, not issued by a trusted
        /// root, missing Apple's marker OIDs, wrong constraints or key usage.
        public static let invalidCertificateChain = Code(rawValue: "invalidCertificateChain")
        /// The signature does not match the signed bytes under the leaf certificate's key.
        public static let invalidSignature = Code(rawValue: "invalidSignature")
        /// A certificate of the chain was not valid at the time the data was signed (or, online,
        /// now), or it was revoked.
        public static let certificateExpired = Code(rawValue: "certificateExpired")
        /// The certificate was revoked (online mode, OCSP).
        public static let certificateRevoked = Code(rawValue: "certificateRevoked")
        /// Signed for another app.
        public static let wrongBundleId = Code(rawValue: "wrongBundleId")
        /// Signed for another app Apple ID.
        public static let wrongAppAppleId = Code(rawValue: "wrongAppAppleId")
        /// Signed for an environment the caller does not accept.
        public static let wrongEnvironment = Code(rawValue: "wrongEnvironment")
        /// A required field is absent from an otherwise valid payload.
        public static let missingField = Code(rawValue: "missingField")
        /// The data decoded but its signature cannot be checked locally (iOS 6 transaction
        /// receipts): only Apple's `verifyReceipt` can confirm it.
        public static let unverifiableLocally = Code(rawValue: "unverifiableLocally")
        /// Verification could not finish for a reason a retry may fix (OCSP responder unreachable).
        public static let retryableVerificationFailure = Code(rawValue: "retryableVerificationFailure")
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// Whether trying again later could succeed (only network failures in online mode).
    public var isRetryable: Bool { code == .retryableVerificationFailure }

    public var description: String { "\(code.rawValue): \(reason)" }

    public static func malformed(_ reason: String) -> Self { .init(.malformed, reason) }
    public static func unsupportedAlgorithm(_ reason: String) -> Self { .init(.unsupportedAlgorithm, reason) }
    public static func invalidCertificateChain(_ reason: String) -> Self { .init(.invalidCertificateChain, reason) }
    public static func invalidSignature(_ reason: String) -> Self { .init(.invalidSignature, reason) }
    public static func certificateExpired(_ reason: String) -> Self { .init(.certificateExpired, reason) }
    public static func certificateRevoked(_ reason: String) -> Self { .init(.certificateRevoked, reason) }
    public static func wrongBundleId(_ reason: String) -> Self { .init(.wrongBundleId, reason) }
    public static func wrongAppAppleId(_ reason: String) -> Self { .init(.wrongAppAppleId, reason) }
    public static func wrongEnvironment(_ reason: String) -> Self { .init(.wrongEnvironment, reason) }
    public static func missingField(_ reason: String) -> Self { .init(.missingField, reason) }
    public static func retryable(_ reason: String) -> Self { .init(.retryableVerificationFailure, reason) }
}

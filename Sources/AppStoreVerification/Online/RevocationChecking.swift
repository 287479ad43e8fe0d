public import Foundation

/// Checks whether any certificate of a verified chain has been revoked.
public protocol RevocationChecking: Sendable {
    /// Throws `certificateRevoked` when a certificate is revoked, and
    /// `retryableVerificationFailure` when the answer could not be obtained (the responder is
    /// unreachable, slow, or answered something unusable): not knowing is never acceptance.
    func check(_ chain: AppleCertificateChain, at time: Date) async throws(VerificationError)
}

/// Sends DER OCSP requests to a responder over HTTP; implemented where HTTP lives
/// (`AppStoreAPI`) so verification itself never opens a socket.
public protocol OCSPTransport: Sendable {
    /// POSTs `request` (`application/ocsp-request`) to `uri` and returns the response body.
    /// Throws on network failure, timeout or a non-2xx status.
    func post(_ request: [UInt8], to uri: String) async throws -> [UInt8]
}

/// Why an answer from Storekeeper is not trusted.
public enum UnverifiedReason: Sendable, Hashable, CustomStringConvertible {
    /// No `Storekeeper-Signature` header (stripped, or the server signs nothing).
    case signatureMissing
    /// A header that is not a well-formed `v1` signature.
    case signatureMalformed
    /// Signed by a key the app does not trust.
    case keyNotTrusted(keyId: String)
    /// The signature does not cover this answer: the body, the nonce, the request or the status
    /// differ from what was signed (an altered or replayed answer).
    case signatureInvalid
    /// Signed too long before or after the app's clock.
    case outsideTimeWindow(signedAt: Int64, now: Int64)

    public var description: String {
        switch self {
        case .signatureMissing: "the answer carries no signature"
        case .signatureMalformed: "the signature header is malformed"
        case .keyNotTrusted(let keyId): "signed by untrusted key \(keyId)"
        case .signatureInvalid: "the signature does not match this answer"
        case .outsideTimeWindow(let signedAt, let now): "signed at \(signedAt), \(signedAt - now) s from the app's clock"
        }
    }
}

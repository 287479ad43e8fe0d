/// The decoded protected header of an App Store JSON Web Signature (transaction, renewal info, app
/// transaction, or notification).
public struct JWSDecodedHeader: Hashable, Sendable, Codable {
    /// The signing algorithm; always `ES256` for App Store data.
    public var alg: String?
    /// The certificate chain, leaf first, each certificate Base64 (not URL-safe) DER.
    public var x5c: [String]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(alg: String? = nil, x5c: [String]? = nil) {
        self.alg = alg
        self.x5c = x5c
    }
}

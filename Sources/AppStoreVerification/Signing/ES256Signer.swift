import AppStoreModels
public import Crypto
public import Foundation

/// Creates compact JWS signed with ES256 (raw r||s signature, RFC 7518 §3.4).
///
/// One signer backs every signature Storekeeper makes: App Store Server API bearer tokens,
/// promotional offer and introductory offer eligibility signatures, and — in the simulator —
/// Apple-shaped signed transactions with an `x5c` chain.
public struct ES256Signer: Sendable {
    /// The protected header: `alg` is always ES256; the rest is optional.
    public struct Header: Encodable, Sendable {
        public let alg = "ES256"
        public var kid: String?
        public var typ: String?
        /// Standard base64 DER certificates, leaf first.
        public var x5c: [String]?

        public init(kid: String? = nil, typ: String? = nil, x5c: [String]? = nil) {
            self.kid = kid
            self.typ = typ
            self.x5c = x5c
        }

        enum CodingKeys: String, CodingKey { case alg, kid, typ, x5c }
    }

    public let privateKey: P256.Signing.PrivateKey
    public let header: Header
    private let encodedHeader: String

    public init(privateKey: P256.Signing.PrivateKey, header: Header) throws {
        self.privateKey = privateKey
        self.header = header
        self.encodedHeader = Base64.encodeURL(try JSONCoding.encode(header))
    }

    /// A signer whose header carries `certificates` (DER, leaf first) as `x5c`.
    public init(privateKey: P256.Signing.PrivateKey, certificateChain certificates: [[UInt8]]) throws {
        try self.init(privateKey: privateKey, header: Header(x5c: certificates.map { Base64.encodeStandard($0) }))
    }

    /// Reads an App Store Connect `.p8` key (PEM, PKCS#8 EC P-256).
    public static func privateKey(p8 pem: String) throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(pemRepresentation: pem)
    }

    /// Signs `payload` encoded as JSON.
    public func sign<Payload: Encodable>(_ payload: Payload) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try sign(payloadJSON: encoder.encode(payload))
    }

    /// Signs the exact payload bytes given.
    public func sign(payloadJSON: Data) throws -> String {
        let signingInput = encodedHeader + "." + Base64.encodeURL(payloadJSON)
        let signature = try privateKey.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64.encodeURL(signature.rawRepresentation)
    }
}

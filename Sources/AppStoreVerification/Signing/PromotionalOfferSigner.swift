public import Crypto
public import Foundation

/// Signs promotional offers for StoreKit, in both the legacy and the JWS style.
///
/// Legacy (StoreKit 1 `SKPaymentDiscount`, StoreKit 2 `Product.PurchaseOption.promotionalOffer`
/// with a signature): ECDSA P-256 with SHA-256 over
/// `bundleId ⁣ keyId ⁣ productId ⁣ offerId ⁣ applicationUsername ⁣ nonce ⁣ timestamp`, the
/// fields joined by U+2063 (INVISIBLE SEPARATOR), nonce lowercase, timestamp in milliseconds;
/// the DER signature base64-encoded. The offer stays valid for 24 hours from the timestamp.
///
/// JWS (V2, "Generating JWS to sign App Store requests"): ES256 compact JWS with header
/// `{alg, kid, typ: JWT}` and claims `iss`, `bid`, `aud` `promotional-offer`, `iat`, `nonce`,
/// `productId`, `offerIdentifier`, optional `transactionId`.
public struct PromotionalOfferSigner: Sendable {
    /// A legacy signature and the values the app passes to StoreKit with it.
    public struct LegacySignature: Sendable, Hashable, Codable {
        public var keyIdentifier: String
        public var nonce: UUID
        public var timestamp: Int64
        /// Base64 of the DER-encoded ECDSA signature.
        public var signature: String

        public init(keyIdentifier: String, nonce: UUID, timestamp: Int64, signature: String) {
            self.keyIdentifier = keyIdentifier
            self.nonce = nonce
            self.timestamp = timestamp
            self.signature = signature
        }
    }

    struct V2Claims: Encodable {
        var iss: String
        var bid: String
        var aud = "promotional-offer"
        var iat: Int64
        var nonce: String
        var productId: String
        var offerIdentifier: String
        var transactionId: String?
    }

    public static let separator = "\u{2063}"

    public let privateKey: P256.Signing.PrivateKey
    public let keyId: String
    public let issuerId: String
    public let bundleId: String

    public init(privateKey: P256.Signing.PrivateKey, keyId: String, issuerId: String, bundleId: String) {
        self.privateKey = privateKey
        self.keyId = keyId
        self.issuerId = issuerId
        self.bundleId = bundleId
    }

    /// The exact string the legacy signature covers.
    public static func legacyPayload(
        bundleId: String, keyId: String, productId: String, offerId: String,
        applicationUsername: String, nonce: UUID, timestamp: Int64
    ) -> String {
        [bundleId, keyId, productId, offerId, applicationUsername, nonce.lowercasedString, String(timestamp)]
            .joined(separator: separator)
    }

    public func legacySignature(
        productId: String, offerId: String, applicationUsername: String, nonce: UUID = UUID(), timestamp: Date
    ) throws -> LegacySignature {
        let milliseconds = Int64((timestamp.timeIntervalSince1970 * 1000).rounded(.down))
        let payload = Self.legacyPayload(
            bundleId: bundleId, keyId: keyId, productId: productId, offerId: offerId,
            applicationUsername: applicationUsername, nonce: nonce, timestamp: milliseconds)
        let signature = try privateKey.signature(for: Data(payload.utf8))
        return LegacySignature(
            keyIdentifier: keyId, nonce: nonce, timestamp: milliseconds,
            signature: signature.derRepresentation.base64EncodedString())
    }

    /// Checks a legacy signature with the public half of the key (as the App Store does).
    public static func isValidLegacySignature(
        _ signature: LegacySignature, publicKey: P256.Signing.PublicKey, bundleId: String,
        productId: String, offerId: String, applicationUsername: String
    ) -> Bool {
        guard let der = Data(base64Encoded: signature.signature),
            let ecdsa = try? P256.Signing.ECDSASignature(derRepresentation: der)
        else { return false }
        let payload = legacyPayload(
            bundleId: bundleId, keyId: signature.keyIdentifier, productId: productId, offerId: offerId,
            applicationUsername: applicationUsername, nonce: signature.nonce, timestamp: signature.timestamp)
        return publicKey.isValidSignature(ecdsa, for: Data(payload.utf8))
    }

    /// A V2 (JWS) promotional offer signature.
    public func jwsSignature(
        productId: String, offerIdentifier: String, transactionId: String?, nonce: UUID = UUID(), issuedAt: Date
    ) throws -> String {
        let signer = try ES256Signer(privateKey: privateKey, header: .init(kid: keyId, typ: "JWT"))
        return try signer.sign(
            V2Claims(
                iss: issuerId, bid: bundleId, iat: Int64(issuedAt.timeIntervalSince1970),
                nonce: nonce.lowercasedString, productId: productId, offerIdentifier: offerIdentifier,
                transactionId: transactionId))
    }
}

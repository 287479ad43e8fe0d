public import Foundation

/// A promotional offer's signature, in both of Apple's styles: the legacy fields StoreKit 1 and
/// `Product.PurchaseOption.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)` take, and
/// the JWS of the newer API.
public struct PromotionalSignatureResponse: Codable, Sendable, Hashable {
    /// The legacy `\u{2063}`-joined ECDSA signature and what it signed.
    public struct Legacy: Codable, Sendable, Hashable {
        public var keyIdentifier: String
        public var nonce: UUID
        /// Milliseconds since 1970.
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

    public var productId: String
    public var offerId: String
    public var legacy: Legacy?
    public var jws: String?

    public init(productId: String, offerId: String, legacy: Legacy? = nil, jws: String? = nil) {
        self.productId = productId
        self.offerId = offerId
        self.legacy = legacy
        self.jws = jws
    }
}

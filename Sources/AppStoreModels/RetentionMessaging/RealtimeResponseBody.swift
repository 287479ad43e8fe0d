public import Foundation

/// The answer to a real-time request (`RealtimeResponseBody`): exactly one of a text message, a
/// switch-plan message or a promotional offer. Anything else (none, two, an unapproved message)
/// fails, and the App Store shows the default message.
public struct RealtimeResponseBody: Hashable, Sendable, Codable {
    public var message: RealtimeMessage?
    public var alternateProduct: AlternateProduct?
    public var promotionalOffer: RealtimePromotionalOffer?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        message: RealtimeMessage? = nil, alternateProduct: AlternateProduct? = nil,
        promotionalOffer: RealtimePromotionalOffer? = nil
    ) {
        self.message = message
        self.alternateProduct = alternateProduct
        self.promotionalOffer = promotionalOffer
    }
}

/// A text message, with or without an image (`message`).
public struct RealtimeMessage: Hashable, Sendable, Codable {
    public var messageIdentifier: UUID?

    public init(messageIdentifier: UUID? = nil) {
        self.messageIdentifier = messageIdentifier
    }
}

/// A switch-plan message (`alternateProduct`): a message without an image and a subscription of
/// the same group to switch to, with its billing plan for 12-month commitments (1.5).
public struct AlternateProduct: Hashable, Sendable, Codable {
    public var messageIdentifier: UUID?
    public var productId: String?
    public var billingPlanType: BillingPlanType?

    /// Creates a value; every optional field defaults to `nil`.
    public init(messageIdentifier: UUID? = nil, productId: String? = nil, billingPlanType: BillingPlanType? = nil) {
        self.messageIdentifier = messageIdentifier
        self.productId = productId
        self.billingPlanType = billingPlanType
    }
}

/// A promotional-offer message (`promotionalOffer`): a message without an image and the offer,
/// signed in one of Apple's two styles (mutually exclusive).
public struct RealtimePromotionalOffer: Hashable, Sendable, Codable {
    public var messageIdentifier: UUID?
    /// The JWS promotional offer signature; its `transactionId` claim is the request's original
    /// transaction.
    public var promotionalOfferSignatureV2: String?
    public var promotionalOfferSignatureV1: PromotionalOfferSignatureV1?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        messageIdentifier: UUID? = nil, promotionalOfferSignatureV2: String? = nil,
        promotionalOfferSignatureV1: PromotionalOfferSignatureV1? = nil
    ) {
        self.messageIdentifier = messageIdentifier
        self.promotionalOfferSignatureV2 = promotionalOfferSignatureV2
        self.promotionalOfferSignatureV1 = promotionalOfferSignatureV1
    }
}

/// The earlier promotional offer signature (`promotionalOfferSignatureV1`): an ECDSA signature over
/// the offer's parameters with the app's subscription offer key.
public struct PromotionalOfferSignatureV1: Hashable, Sendable, Codable {
    public var encodedSignature: String
    public var productId: String
    /// Lowercase UUID.
    public var nonce: UUID
    public var timestamp: Int64
    public var keyId: String
    public var offerIdentifier: String
    public var appAccountToken: UUID?

    public init(
        encodedSignature: String, productId: String, nonce: UUID, timestamp: Int64, keyId: String, offerIdentifier: String,
        appAccountToken: UUID? = nil
    ) {
        self.encodedSignature = encodedSignature
        self.productId = productId
        self.nonce = nonce
        self.timestamp = timestamp
        self.keyId = keyId
        self.offerIdentifier = offerIdentifier
        self.appAccountToken = appAccountToken
    }

    private enum CodingKeys: String, CodingKey {
        case encodedSignature, productId, nonce, timestamp, keyId, offerIdentifier, appAccountToken
    }

    /// Apple asks for the nonce and the app account token in lowercase; Foundation would write
    /// them in uppercase.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(encodedSignature, forKey: .encodedSignature)
        try container.encode(productId, forKey: .productId)
        try container.encode(nonce.lowercasedString, forKey: .nonce)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(keyId, forKey: .keyId)
        try container.encode(offerIdentifier, forKey: .offerIdentifier)
        try container.encodeIfPresent(appAccountToken?.lowercasedString, forKey: .appAccountToken)
    }
}

public import Crypto
public import Foundation

/// Signs introductory offer eligibility for StoreKit (`aud` `introductory-offer-eligibility`):
/// the server, not the device, decides whether a customer may take an intro offer.
///
/// ES256 compact JWS, header `{alg, kid, typ: JWT}`, claims `iss`, `bid`, `aud`, `iat`, `nonce`,
/// `productId`, `allowIntroductoryOffer`, `transactionId` (any of the customer's transactions,
/// or their `appTransactionId`).
public struct IntroductoryOfferEligibilitySigner: Sendable {
    struct Claims: Encodable {
        var iss: String
        var bid: String
        var aud = "introductory-offer-eligibility"
        var iat: Int64
        var nonce: String
        var productId: String
        var allowIntroductoryOffer: Bool
        var transactionId: String
    }

    private let signer: ES256Signer
    public let issuerId: String
    public let bundleId: String

    public init(privateKey: P256.Signing.PrivateKey, keyId: String, issuerId: String, bundleId: String) throws {
        self.signer = try ES256Signer(privateKey: privateKey, header: .init(kid: keyId, typ: "JWT"))
        self.issuerId = issuerId
        self.bundleId = bundleId
    }

    public func signature(
        productId: String, allowIntroductoryOffer: Bool, transactionId: String, nonce: UUID = UUID(), issuedAt: Date
    ) throws -> String {
        try signer.sign(
            Claims(
                iss: issuerId, bid: bundleId, iat: Int64(issuedAt.timeIntervalSince1970),
                nonce: nonce.lowercasedString, productId: productId,
                allowIntroductoryOffer: allowIntroductoryOffer, transactionId: transactionId))
    }
}

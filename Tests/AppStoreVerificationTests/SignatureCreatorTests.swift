import AppStoreVerification
import Crypto
import Foundation
import Testing

/// What Storekeeper signs, checked independently: rebuilt from the specification with
/// Foundation's base64 and swift-crypto's ECDSA, not with the code that produced it.
@Suite struct SignatureCreatorTests {
    let key = P256.Signing.PrivateKey()
    let now = Date(timeIntervalSince1970: 1_760_000_000.123)

    /// Splits a compact JWS, checks its ES256 signature with `publicKey`, returns header and claims.
    func open(_ jws: String) throws -> (header: [String: Any], claims: [String: Any]) {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3)
        func decode(_ segment: String) throws -> Data {
            #expect(!segment.contains("="), "JWS segments are unpadded")
            var base64 = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            return try #require(Data(base64Encoded: base64))
        }
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try decode(parts[2]))
        #expect(key.publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8)))
        let header = try #require(try JSONSerialization.jsonObject(with: try decode(parts[0])) as? [String: Any])
        let claims = try #require(try JSONSerialization.jsonObject(with: try decode(parts[1])) as? [String: Any])
        return (header, claims)
    }

    @Test func legacyPromotionalOfferSignature() throws {
        let signer = PromotionalOfferSigner(privateKey: key, keyId: "KEYID12345", issuerId: "i", bundleId: "com.example.app")
        let nonce = UUID()
        let signature = try signer.legacySignature(
            productId: "com.example.monthly", offerId: "WINBACK", applicationUsername: "user-hash", nonce: nonce,
            timestamp: now)
        #expect(signature.timestamp == 1_760_000_000_123)
        #expect(signature.keyIdentifier == "KEYID12345")
        // The payload as Apple documents it, built by hand: U+2063 separators, lowercase nonce.
        let payload =
            "com.example.app\u{2063}KEYID12345\u{2063}com.example.monthly\u{2063}WINBACK\u{2063}user-hash\u{2063}"
            + nonce.uuidString.lowercased() + "\u{2063}1760000000123"
        let der = try #require(Data(base64Encoded: signature.signature))
        let ecdsa = try P256.Signing.ECDSASignature(derRepresentation: der)
        #expect(key.publicKey.isValidSignature(ecdsa, for: Data(payload.utf8)))
        #expect(!key.publicKey.isValidSignature(ecdsa, for: Data(payload.replacingOccurrences(of: "WINBACK", with: "OTHER").utf8)))
        #expect(
            PromotionalOfferSigner.isValidLegacySignature(
                signature, publicKey: key.publicKey, bundleId: "com.example.app", productId: "com.example.monthly",
                offerId: "WINBACK", applicationUsername: "user-hash"))
    }

    @Test func jwsPromotionalOfferSignature() throws {
        let signer = PromotionalOfferSigner(privateKey: key, keyId: "KEYID12345", issuerId: "issuer-uuid", bundleId: "com.example.app")
        let nonce = UUID()
        let jws = try signer.jwsSignature(
            productId: "com.example.monthly", offerIdentifier: "WINBACK", transactionId: "2000000000000001", nonce: nonce,
            issuedAt: now)
        let (header, claims) = try open(jws)
        #expect(header["alg"] as? String == "ES256")
        #expect(header["kid"] as? String == "KEYID12345")
        #expect(header["typ"] as? String == "JWT")
        #expect(claims["aud"] as? String == "promotional-offer")
        #expect(claims["iss"] as? String == "issuer-uuid")
        #expect(claims["bid"] as? String == "com.example.app")
        #expect(claims["productId"] as? String == "com.example.monthly")
        #expect(claims["offerIdentifier"] as? String == "WINBACK")
        #expect(claims["transactionId"] as? String == "2000000000000001")
        #expect(claims["nonce"] as? String == nonce.uuidString.lowercased())
        #expect((claims["iat"] as? NSNumber)?.int64Value == 1_760_000_000)
    }

    @Test func introductoryOfferEligibilitySignature() throws {
        let signer = try IntroductoryOfferEligibilitySigner(
            privateKey: key, keyId: "KEYID12345", issuerId: "issuer-uuid", bundleId: "com.example.app")
        let jws = try signer.signature(
            productId: "com.example.monthly", allowIntroductoryOffer: false, transactionId: "2000000000000001", issuedAt: now)
        let (_, claims) = try open(jws)
        #expect(claims["aud"] as? String == "introductory-offer-eligibility")
        #expect((claims["allowIntroductoryOffer"] as? NSNumber)?.boolValue == false)
        #expect(claims["transactionId"] as? String == "2000000000000001")
    }

    @Test func appStoreServerAPIToken() throws {
        let token = try AppStoreServerAPIToken(privateKey: key, keyId: "KEYID12345", issuerId: "issuer-uuid", bundleId: "com.example.app")
        let (header, claims) = try open(try token.token(issuedAt: now, lifetime: 5 * 3600))
        #expect(header["kid"] as? String == "KEYID12345")
        #expect(claims["aud"] as? String == "appstoreconnect-v1")
        #expect(claims["bid"] as? String == "com.example.app")
        let iat = try #require((claims["iat"] as? NSNumber)?.int64Value)
        let exp = try #require((claims["exp"] as? NSNumber)?.int64Value)
        #expect(iat == 1_760_000_000)
        #expect(exp - iat == 3600, "Apple refuses tokens living longer than an hour; the lifetime is clamped")
    }

    @Test func readsAppStoreConnectP8Keys() throws {
        let pem = key.pemRepresentation
        #expect(try ES256Signer.privateKey(p8: pem).publicKey.rawRepresentation == key.publicKey.rawRepresentation)
        #expect(throws: (any Error).self) { try ES256Signer.privateKey(p8: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----") }
    }
}

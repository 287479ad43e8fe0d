public import Crypto
public import Foundation
import StorekeeperAPIModels

/// Checks Storekeeper's `Storekeeper-Signature` on an answer against the app's trusted public
/// keys, the nonce the app sent, its method and request target, the status, the time and the
/// SHA-256 of the body (the message of `AnswerSignature`).
///
/// Several keys may be trusted at once: during a rotation the app trusts the old and the new key,
/// and answers signed with either verify.
public struct AnswerVerifier: Sendable {
    public let appId: String
    /// Trusted keys by key id.
    public let keys: [String: P256.Signing.PublicKey]
    /// How far the signing time may be from the app's clock, either way.
    public let toleranceSeconds: Int64

    public init(appId: String, trustedKeys: [P256.Signing.PublicKey], toleranceSeconds: Int64 = 300) {
        self.appId = appId
        self.keys = Dictionary(trustedKeys.map { (Self.keyId(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        self.toleranceSeconds = toleranceSeconds
    }

    /// Trusts the keys given as PEM (`-----BEGIN PUBLIC KEY-----`), as `storekeeper` prints them.
    public init(appId: String, trustedKeysPEM: [String], toleranceSeconds: Int64 = 300) throws {
        let keys = try trustedKeysPEM.map { pem in
            do {
                return try P256.Signing.PublicKey(pemRepresentation: pem)
            } catch {
                throw StorekeeperClientError(code: .invalidConfiguration, reason: "a trusted key is not a P-256 public key in PEM")
            }
        }
        guard !keys.isEmpty else {
            throw StorekeeperClientError(code: .invalidConfiguration, reason: "no trusted answer-signing key")
        }
        self.init(appId: appId, trustedKeys: keys, toleranceSeconds: toleranceSeconds)
    }

    /// The key id the server puts in `kid` for `key`.
    public static func keyId(of key: P256.Signing.PublicKey) -> String {
        AnswerSignature.keyId(publicKeySHA256: Array(SHA256.hash(data: key.x963Representation)))
    }

    /// Verifies one answer. `target` is the path (and `?query`) exactly as the app sent it;
    /// `now` is the app's clock in Unix seconds.
    public func verify(
        header: String?, nonce: String, method: String, target: String, status: Int, body: Data, now: Int64
    ) -> AnswerVerification {
        guard let header else { return .unverified(.signatureMissing) }
        guard let signature = AnswerSignature(headerValue: header) else { return .unverified(.signatureMalformed) }
        guard let key = keys[signature.keyId] else { return .unverified(.keyNotTrusted(keyId: signature.keyId)) }
        let message = AnswerSignature.message(
            app: appId, nonce: nonce, method: method, target: target, status: status, signedAt: signature.signedAt,
            bodySHA256: Array(SHA256.hash(data: body)))
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature.signature),
            key.isValidSignature(ecdsa, for: message)
        else { return .unverified(.signatureInvalid) }
        guard abs(signature.signedAt - now) <= toleranceSeconds else {
            return .unverified(.outsideTimeWindow(signedAt: signature.signedAt, now: now))
        }
        return .verified(keyId: signature.keyId)
    }

    /// A fresh nonce: 32 random bytes, unpadded base64url.
    public static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}

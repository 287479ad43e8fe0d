public import Crypto
import Foundation
import StorekeeperAPIModels

/// One of an app's answer-signing keys (ECDSA P-256). An app lists them in order
/// (`app.<id>.answerKeys`): the first signs every answer, and every listed key's public key is
/// published to operators, so that a second key can be trusted by apps before it starts signing.
public struct AnswerSigningKey: Sendable {
    /// The name the configuration gives the key (`app.<id>.answerKey.<name>`).
    public let name: String
    public let privateKey: P256.Signing.PrivateKey
    /// The id a signature names the key by (``AnswerSignature/keyId(publicKeySHA256:)``).
    public let keyId: String

    public init(name: String, privateKey: P256.Signing.PrivateKey) {
        self.name = name
        self.privateKey = privateKey
        keyId = Self.keyId(of: privateKey.publicKey)
    }

    /// A new key, from the system's secure random source.
    public static func generate(name: String) -> AnswerSigningKey {
        AnswerSigningKey(name: name, privateKey: P256.Signing.PrivateKey())
    }

    public var publicKey: P256.Signing.PublicKey { privateKey.publicKey }

    /// The private key as PKCS#8 PEM, the form the configuration reads.
    public var privateKeyPEM: String { privateKey.pemRepresentation }

    /// The public key as SubjectPublicKeyInfo PEM.
    public var publicKeyPEM: String { publicKey.pemRepresentation }

    /// The public key's X9.63 (uncompressed point) form, base64: what the key id is computed from.
    public var publicKeyX963Base64: String { publicKey.x963Representation.base64EncodedString() }

    /// The key id of `publicKey`: from the SHA-256 of its X9.63 (uncompressed point) form.
    public static func keyId(of publicKey: P256.Signing.PublicKey) -> String {
        AnswerSignature.keyId(publicKeySHA256: Array(SHA256.hash(data: publicKey.x963Representation)))
    }
}

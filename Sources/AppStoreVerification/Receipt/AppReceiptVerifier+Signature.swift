internal import Crypto
internal import _CryptoExtras
internal import SwiftASN1

extension AppReceiptVerifier {
    /// Checks the SignerInfo's RSA PKCS#1 v1.5 signature over `content` (directly, or through
    /// the signed attributes) and returns the digest's name.
    static func verifySignature(
        signer: CMSSignerInfo,
        content: ArraySlice<UInt8>,
        key: _RSA.Signing.PublicKey
    ) throws(VerificationError) -> String {
        let digest: ReceiptDigest
        switch signer.digestAlgorithm {
        case CMSObjectIdentifiers.sha1: digest = .sha1
        case CMSObjectIdentifiers.sha256: digest = .sha256
        default:
            throw .unsupportedAlgorithm("receipt digest algorithm \(signer.digestAlgorithm) is neither SHA-1 nor SHA-256")
        }
        switch signer.signatureAlgorithm {
        case CMSObjectIdentifiers.rsaEncryption: break
        case CMSObjectIdentifiers.sha1WithRSAEncryption where digest == .sha1: break
        case CMSObjectIdentifiers.sha256WithRSAEncryption where digest == .sha256: break
        default:
            throw .unsupportedAlgorithm(
                "receipt signature algorithm \(signer.signatureAlgorithm) does not match RSA with \(digest.name)"
            )
        }

        let signedBytes: [UInt8]
        if let attributes = signer.signedAttributes {
            guard let contentType = attributes.contentType, contentType == CMSObjectIdentifiers.data else {
                throw .invalidSignature("signed attributes lack a contentType of data")
            }
            guard let messageDigest = attributes.messageDigest else {
                throw .invalidSignature("signed attributes lack a messageDigest")
            }
            guard messageDigest.elementsEqual(digest.hash(content)) else {
                throw .invalidSignature("signed messageDigest does not match the receipt content")
            }
            signedBytes = attributes.signedBytes
        } else {
            signedBytes = Array(content)
        }

        let signature = _RSA.Signing.RSASignature(rawRepresentation: signer.signature)
        let valid: Bool
        switch digest {
        case .sha1:
            valid = key.isValidSignature(signature, for: Insecure.SHA1.hash(data: signedBytes), padding: .insecurePKCS1v1_5)
        case .sha256:
            valid = key.isValidSignature(signature, for: SHA256.hash(data: signedBytes), padding: .insecurePKCS1v1_5)
        }
        guard valid else {
            throw .invalidSignature("receipt signature does not verify under the signing certificate's key")
        }
        return digest.name
    }
}

enum ReceiptDigest: Equatable {
    case sha1, sha256

    var name: String {
        switch self {
        case .sha1: "SHA-1"
        case .sha256: "SHA-256"
        }
    }

    func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        let data = Array(bytes)
        switch self {
        case .sha1: return Array(Insecure.SHA1.hash(data: data))
        case .sha256: return Array(SHA256.hash(data: data))
        }
    }
}

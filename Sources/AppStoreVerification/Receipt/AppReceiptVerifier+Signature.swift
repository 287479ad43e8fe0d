internal import Crypto
internal import _CryptoExtras

extension AppReceiptVerifier {
    /// Checks the SignerInfo's RSA PKCS#1 v1.5 signature over `content` (directly, or through
    /// the signed attributes) and returns the digest's name.
    static func verifySignature(
        signer: CMSSignerInfo,
        content: ArraySlice<UInt8>,
        key: _RSA.Signing.PublicKey
    ) throws(VerificationError) -> String {
        let digest: ReceiptDigest
        if signer.digestAlgorithm.elementsEqual(CMSObjectIdentifiers.sha1Bytes) {
            digest = .sha1
        } else if signer.digestAlgorithm.elementsEqual(CMSObjectIdentifiers.sha256Bytes) {
            digest = .sha256
        } else {
            throw .unsupportedAlgorithm(
                "receipt digest algorithm \(CMSObjectIdentifiers.describe(signer.digestAlgorithm)) is neither SHA-1 nor SHA-256"
            )
        }
        let algorithm = signer.signatureAlgorithm
        let matchingSignatureAlgorithm =
            algorithm.elementsEqual(CMSObjectIdentifiers.rsaEncryptionBytes)
            || (digest == .sha1 && algorithm.elementsEqual(CMSObjectIdentifiers.sha1WithRSAEncryptionBytes))
            || (digest == .sha256 && algorithm.elementsEqual(CMSObjectIdentifiers.sha256WithRSAEncryptionBytes))
        guard matchingSignatureAlgorithm else {
            throw .unsupportedAlgorithm(
                "receipt signature algorithm \(CMSObjectIdentifiers.describe(algorithm)) does not match RSA with \(digest.name)"
            )
        }

        let signedBytes: [UInt8]
        if let attributes = signer.signedAttributes {
            guard let contentType = attributes.contentType, contentType.elementsEqual(CMSObjectIdentifiers.dataBytes) else {
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

public import AppStoreModels
internal import AppStoreVerification
internal import Crypto
internal import Foundation
internal import SwiftASN1
public import X509
internal import _CryptoExtras

/// Builds signed legacy app receipts for the simulator: the ``AppReceipt`` is encoded as Apple's
/// ASN.1 payload (`SET OF ReceiptAttribute`) and wrapped in a DER PKCS#7 SignedData signed by the
/// chain's leaf with RSA PKCS#1 v1.5, certificates (leaf, intermediate, root) included, exactly
/// the shape of Apple's receipts.
///
/// The payload is DER, so its attributes, and the in-app purchases among them, appear in DER
/// SET OF order (sorted by encoding), as in Apple's receipts: decoding a built receipt gives the
/// same fields and the same in-app purchases, possibly in another order.
public struct AppReceiptBuilder: Sendable {
    public enum Digest: Sendable {
        case sha1, sha256
    }

    public var chain: ReceiptSigningChain
    /// SHA-256 by default; SHA-1 reproduces receipts of the WWDR G1 era.
    public var digest: Digest
    /// Signs CMS signed attributes (contentType, messageDigest) instead of the content directly.
    /// Apple's receipts carry none; this exercises the other branch of RFC 5652.
    public var signsAttributes: Bool

    public init(chain: ReceiptSigningChain, digest: Digest = .sha256, signsAttributes: Bool = false) {
        self.chain = chain
        self.digest = digest
        self.signsAttributes = signsAttributes
    }

    /// The DER PKCS#7 receipt for `receipt`.
    ///
    /// - Parameter certificates: the certificates to embed; defaults to leaf, intermediate, root.
    public func build(_ receipt: AppReceipt, certificates: [Certificate]? = nil) throws -> [UInt8] {
        let payload = try AppReceiptPayload.encode(receipt)
        return try sign(payload: payload, certificates: certificates ?? [chain.leaf, chain.intermediate, chain.root])
    }

    /// The base64 receipt for `receipt`, as an app would send it.
    public func buildBase64(_ receipt: AppReceipt, certificates: [Certificate]? = nil) throws -> String {
        Data(try build(receipt, certificates: certificates)).base64EncodedString()
    }

    /// Wraps an already encoded payload in a signed PKCS#7 container.
    public func sign(payload: [UInt8], certificates: [Certificate]) throws -> [UInt8] {
        let digestOID = digest == .sha256 ? OIDs.sha256 : OIDs.sha1
        let contentDigest = hash(payload)

        var signedAttributes: [UInt8]?
        if signsAttributes {
            var serializer = DER.Serializer()
            try serializer.appendConstructedNode(identifier: .set) { set in
                try set.appendConstructedNode(identifier: .sequence) { attribute in
                    try attribute.serialize(OIDs.contentTypeAttribute)
                    try attribute.appendConstructedNode(identifier: .set) { try $0.serialize(OIDs.data) }
                }
                try set.appendConstructedNode(identifier: .sequence) { attribute in
                    try attribute.serialize(OIDs.messageDigestAttribute)
                    try attribute.appendConstructedNode(identifier: .set) {
                        try $0.serialize(ASN1OctetString(contentBytes: contentDigest[...]))
                    }
                }
            }
            signedAttributes = serializer.serializedBytes
        }
        let signature = try rsaSignature(over: signedAttributes ?? payload)

        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { contentInfo in
            try contentInfo.serialize(OIDs.signedData)
            try contentInfo.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { explicit in
                try explicit.appendConstructedNode(identifier: .sequence) { signedData in
                    try signedData.serialize(1)
                    try signedData.appendConstructedNode(identifier: .set) { try Self.algorithm(digestOID, into: &$0) }
                    try signedData.appendConstructedNode(identifier: .sequence) { encapsulated in
                        try encapsulated.serialize(OIDs.data)
                        try encapsulated.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) {
                            try $0.serialize(ASN1OctetString(contentBytes: payload[...]))
                        }
                    }
                    try signedData.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { set in
                        for certificate in certificates { try set.serialize(certificate) }
                    }
                    try signedData.appendConstructedNode(identifier: .set) { signers in
                        try signers.appendConstructedNode(identifier: .sequence) { signer in
                            try signer.serialize(1)
                            try signer.appendConstructedNode(identifier: .sequence) { sid in
                                try sid.serialize(chain.leaf.issuer)
                                sid.appendPrimitiveNode(identifier: .integer) { $0.append(contentsOf: chain.leaf.serialNumber.bytes) }
                            }
                            try Self.algorithm(digestOID, into: &signer)
                            if let signedAttributes {
                                var implicit = signedAttributes
                                implicit[0] = 0xA0  // [0] IMPLICIT SET OF Attribute
                                signer.serializeRawBytes(implicit)
                            }
                            try Self.algorithm(OIDs.rsaEncryption, into: &signer)
                            try signer.serialize(ASN1OctetString(contentBytes: signature[...]))
                        }
                    }
                }
            }
        }
        return serializer.serializedBytes
    }

    private func hash(_ bytes: [UInt8]) -> [UInt8] {
        switch digest {
        case .sha1: Array(Insecure.SHA1.hash(data: bytes))
        case .sha256: Array(SHA256.hash(data: bytes))
        }
    }

    private func rsaSignature(over bytes: [UInt8]) throws -> [UInt8] {
        let signature: _RSA.Signing.RSASignature
        switch digest {
        case .sha1:
            signature = try chain.leafPrivateKey.signature(for: Insecure.SHA1.hash(data: bytes), padding: .insecurePKCS1v1_5)
        case .sha256:
            signature = try chain.leafPrivateKey.signature(for: SHA256.hash(data: bytes), padding: .insecurePKCS1v1_5)
        }
        return Array(signature.rawRepresentation)
    }

    private static func algorithm(_ oid: ASN1ObjectIdentifier, into serializer: inout DER.Serializer) throws {
        try serializer.appendConstructedNode(identifier: .sequence) { algorithm in
            try algorithm.serialize(oid)
            try algorithm.serialize(ASN1Null())
        }
    }
}

private enum OIDs {
    static let data: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]
    static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 2]
    static let contentTypeAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 3]
    static let messageDigestAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 4]
    static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
    static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 1]
}

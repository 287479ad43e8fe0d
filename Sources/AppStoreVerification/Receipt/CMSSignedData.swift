internal import SwiftASN1

/// The parts of a PKCS#7 / CMS `SignedData` (RFC 2315, RFC 5652) that receipt verification needs,
/// parsed from BER (indefinite lengths, constructed OCTET STRINGs) or DER.
///
/// ```
/// ContentInfo ::= SEQUENCE { contentType OID (signedData), content [0] EXPLICIT SignedData }
/// SignedData ::= SEQUENCE {
///     version INTEGER, digestAlgorithms SET OF AlgorithmIdentifier,
///     encapContentInfo SEQUENCE { eContentType OID, eContent [0] EXPLICIT OCTET STRING OPTIONAL },
///     certificates [0] IMPLICIT SET OF Certificate OPTIONAL,
///     crls [1] IMPLICIT SET OF CRL OPTIONAL,
///     signerInfos SET OF SignerInfo }
/// ```
struct CMSSignedData: Sendable {
    var version: Int
    var digestAlgorithms: [ASN1ObjectIdentifier]
    var contentType: ASN1ObjectIdentifier
    /// The encapsulated content (the receipt payload); `nil` for a detached signature.
    var content: ArraySlice<UInt8>?
    /// The DER bytes of each certificate in `certificates`, in order.
    var certificates: [ArraySlice<UInt8>]
    var signerInfos: [CMSSignerInfo]

    /// How many certificates a receipt may carry (Apple sends 3).
    static let maximumCertificates = 8
    /// How many signers a receipt may carry (Apple sends 1).
    static let maximumSigners = 4

    /// Parses a `ContentInfo` holding `SignedData`. Every failure is `.malformed`.
    static func parse(_ bytes: [UInt8]) throws(VerificationError) -> CMSSignedData {
        let root = try ReceiptDecoding.parseElement(bytes[...], "PKCS#7 ContentInfo")
        let info = try ReceiptDecoding.children(of: root, .sequence, "PKCS#7 ContentInfo")
        guard info.count == 2 else {
            throw .malformed("PKCS#7 ContentInfo must hold contentType and content, found \(info.count) elements")
        }
        let type = try ReceiptDecoding.objectIdentifier(info[0], "PKCS#7 contentType")
        guard type == CMSObjectIdentifiers.signedData else {
            throw .malformed("PKCS#7 contentType is \(type), not signedData (1.2.840.113549.1.7.2)")
        }
        let wrapper = try ReceiptDecoding.children(of: info[1], ReceiptDecoding.contextTag(0), "PKCS#7 content [0]")
        guard wrapper.count == 1 else { throw .malformed("PKCS#7 content [0] must hold exactly one SignedData") }
        return try parseSignedData(wrapper[0])
    }

    private static func parseSignedData(_ node: ASN1Node) throws(VerificationError) -> CMSSignedData {
        var fields = try ReceiptDecoding.children(of: node, .sequence, "SignedData")[...]
        guard fields.count >= 4 else { throw .malformed("SignedData has \(fields.count) elements, expected at least 4") }

        let version: Int = try ReceiptDecoding.integer(fields.removeFirst(), "SignedData version")
        guard (1...5).contains(version) else { throw .malformed("SignedData version \(version) is not 1...5") }

        var digestAlgorithms: [ASN1ObjectIdentifier] = []
        for algorithm in try ReceiptDecoding.children(of: fields.removeFirst(), .set, "SignedData digestAlgorithms") {
            digestAlgorithms.append(try ReceiptDecoding.algorithm(algorithm, "SignedData digestAlgorithm"))
        }

        let encapsulated = try ReceiptDecoding.children(of: fields.removeFirst(), .sequence, "SignedData encapContentInfo")
        guard (1...2).contains(encapsulated.count) else {
            throw .malformed("encapContentInfo has \(encapsulated.count) elements, expected 1 or 2")
        }
        let contentType = try ReceiptDecoding.objectIdentifier(encapsulated[0], "encapContentInfo eContentType")
        var content: ArraySlice<UInt8>?
        if encapsulated.count == 2 {
            let explicit = try ReceiptDecoding.children(of: encapsulated[1], ReceiptDecoding.contextTag(0), "eContent [0]")
            guard explicit.count == 1 else { throw .malformed("eContent [0] must hold exactly one OCTET STRING") }
            content = try ReceiptDecoding.octets(explicit[0], "eContent OCTET STRING")
        }

        var certificates: [ArraySlice<UInt8>] = []
        if let next = fields.first, next.identifier == ReceiptDecoding.contextTag(0) {
            fields.removeFirst()
            let list = try ReceiptDecoding.children(of: next, ReceiptDecoding.contextTag(0), "SignedData certificates [0]")
            guard list.count <= maximumCertificates else {
                throw .malformed("SignedData carries \(list.count) certificates, more than \(maximumCertificates)")
            }
            for certificate in list {
                guard certificate.identifier == .sequence else {
                    throw .malformed("SignedData certificates [0] holds a \(certificate.identifier), not a Certificate SEQUENCE")
                }
                certificates.append(certificate.encodedBytes)
            }
        }
        if let next = fields.first, next.identifier == ReceiptDecoding.contextTag(1) {
            fields.removeFirst()  // CRLs: not used for receipts; carried but ignored.
        }

        guard fields.count == 1, let signerSet = fields.first else {
            throw .malformed("SignedData must end with signerInfos; found \(fields.count) trailing elements")
        }
        let signerNodes = try ReceiptDecoding.children(of: signerSet, .set, "SignedData signerInfos")
        guard !signerNodes.isEmpty else { throw .malformed("SignedData has no SignerInfo") }
        guard signerNodes.count <= maximumSigners else {
            throw .malformed("SignedData has \(signerNodes.count) SignerInfos, more than \(maximumSigners)")
        }
        var signerInfos: [CMSSignerInfo] = []
        for signer in signerNodes {
            signerInfos.append(try CMSSignerInfo.parse(signer))
        }
        return CMSSignedData(
            version: version,
            digestAlgorithms: digestAlgorithms,
            contentType: contentType,
            content: content,
            certificates: certificates,
            signerInfos: signerInfos
        )
    }
}

/// Object identifiers used by CMS and receipt verification.
enum CMSObjectIdentifiers {
    static let data: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]
    static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 2]
    static let contentTypeAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 3]
    static let messageDigestAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 4]
    static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
    static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 1]
    static let sha1WithRSAEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 5]
    static let sha256WithRSAEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 11]
    /// Apple's marker on the "Mac App Store and iTunes Store Receipt Signing" leaf.
    static let appleReceiptSigningLeaf: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    /// Apple's marker on the Apple Worldwide Developer Relations intermediate CA.
    static let appleWWDRIntermediate: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]
}

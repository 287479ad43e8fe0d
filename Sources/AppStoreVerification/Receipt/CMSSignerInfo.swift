internal import SwiftASN1

/// One CMS `SignerInfo`.
///
/// ```
/// SignerInfo ::= SEQUENCE {
///     version INTEGER, sid SignerIdentifier, digestAlgorithm AlgorithmIdentifier,
///     signedAttrs [0] IMPLICIT SET OF Attribute OPTIONAL,
///     signatureAlgorithm AlgorithmIdentifier, signature OCTET STRING,
///     unsignedAttrs [1] IMPLICIT SET OF Attribute OPTIONAL }
/// SignerIdentifier ::= CHOICE { issuerAndSerialNumber SEQUENCE { issuer Name, serialNumber INTEGER },
///                               subjectKeyIdentifier [0] OCTET STRING }
/// ```
struct CMSSignerInfo: Sendable {
    enum Identifier: Sendable, Hashable {
        /// The encoded bytes of the issuer Name and the serial number's content octets.
        case issuerAndSerialNumber(issuer: ArraySlice<UInt8>, serialNumber: ArraySlice<UInt8>)
        case subjectKeyIdentifier(ArraySlice<UInt8>)
    }

    /// The signed attributes, when present.
    struct SignedAttributes: Sendable {
        /// The bytes the signature covers: the attributes re-encoded with the SET OF tag (0x31),
        /// as RFC 5652 §5.4 requires.
        var signedBytes: [UInt8]
        var contentType: ASN1ObjectIdentifier?
        var messageDigest: ArraySlice<UInt8>?
    }

    var version: Int
    var identifier: Identifier
    /// The encoded bytes of `sid`, used as part of the chain cache key.
    var identifierBytes: ArraySlice<UInt8>
    var digestAlgorithm: ASN1ObjectIdentifier
    var signedAttributes: SignedAttributes?
    var signatureAlgorithm: ASN1ObjectIdentifier
    var signature: ArraySlice<UInt8>

    static func parse(_ node: ASN1Node) throws(VerificationError) -> CMSSignerInfo {
        var fields = try ReceiptDecoding.children(of: node, .sequence, "SignerInfo")[...]
        guard fields.count >= 5 else { throw .malformed("SignerInfo has \(fields.count) elements, expected at least 5") }

        let version: Int = try ReceiptDecoding.integer(fields.removeFirst(), "SignerInfo version")
        guard version == 1 || version == 3 else { throw .malformed("SignerInfo version \(version) is not 1 or 3") }

        let sidNode = fields.removeFirst()
        let identifier: Identifier
        if sidNode.identifier == .sequence {
            let parts = try ReceiptDecoding.children(of: sidNode, .sequence, "SignerInfo issuerAndSerialNumber")
            guard parts.count == 2, parts[0].identifier == .sequence, parts[1].identifier == .integer,
                case .primitive(let serial) = parts[1].content, !serial.isEmpty
            else {
                throw .malformed("SignerInfo issuerAndSerialNumber must hold an issuer Name and a serial INTEGER")
            }
            identifier = .issuerAndSerialNumber(issuer: parts[0].encodedBytes, serialNumber: serial)
        } else if sidNode.identifier == ReceiptDecoding.contextTag(0) {
            guard case .primitive(let keyIdentifier) = sidNode.content else {
                throw .malformed("SignerInfo subjectKeyIdentifier [0] must be primitive")
            }
            identifier = .subjectKeyIdentifier(keyIdentifier)
        } else {
            throw .malformed("SignerInfo sid is a \(sidNode.identifier), neither issuerAndSerialNumber nor [0]")
        }

        let digestAlgorithm = try ReceiptDecoding.algorithm(fields.removeFirst(), "SignerInfo digestAlgorithm")

        var signedAttributes: SignedAttributes?
        if let next = fields.first, next.identifier == ReceiptDecoding.contextTag(0) {
            fields.removeFirst()
            signedAttributes = try parseSignedAttributes(next)
        }
        guard fields.count >= 2 else { throw .malformed("SignerInfo lacks signatureAlgorithm or signature") }
        let signatureAlgorithm = try ReceiptDecoding.algorithm(fields.removeFirst(), "SignerInfo signatureAlgorithm")
        let signature = try ReceiptDecoding.octets(fields.removeFirst(), "SignerInfo signature")
        guard !signature.isEmpty else { throw .malformed("SignerInfo signature is empty") }
        if let next = fields.first, next.identifier == ReceiptDecoding.contextTag(1) {
            fields.removeFirst()  // unsignedAttrs: not covered by the signature, ignored.
        }
        guard fields.isEmpty else { throw .malformed("SignerInfo has \(fields.count) unexpected trailing elements") }

        return CMSSignerInfo(
            version: version,
            identifier: identifier,
            identifierBytes: sidNode.encodedBytes,
            digestAlgorithm: digestAlgorithm,
            signedAttributes: signedAttributes,
            signatureAlgorithm: signatureAlgorithm,
            signature: signature
        )
    }

    private static func parseSignedAttributes(_ node: ASN1Node) throws(VerificationError) -> SignedAttributes {
        let attributes = try ReceiptDecoding.children(of: node, ReceiptDecoding.contextTag(0), "SignerInfo signedAttrs")
        var contentType: ASN1ObjectIdentifier?
        var messageDigest: ArraySlice<UInt8>?
        for attribute in attributes {
            let parts = try ReceiptDecoding.children(of: attribute, .sequence, "signed attribute")
            guard parts.count == 2 else { throw .malformed("signed attribute must hold a type and a SET of values") }
            let type = try ReceiptDecoding.objectIdentifier(parts[0], "signed attribute type")
            let values = try ReceiptDecoding.children(of: parts[1], .set, "signed attribute values")
            switch type {
            case CMSObjectIdentifiers.contentTypeAttribute:
                guard contentType == nil, values.count == 1 else {
                    throw .malformed("signed attribute contentType must appear once with one value")
                }
                contentType = try ReceiptDecoding.objectIdentifier(values[0], "signed attribute contentType")
            case CMSObjectIdentifiers.messageDigestAttribute:
                guard messageDigest == nil, values.count == 1 else {
                    throw .malformed("signed attribute messageDigest must appear once with one value")
                }
                messageDigest = try ReceiptDecoding.octets(values[0], "signed attribute messageDigest")
            default:
                continue  // signing time and others: covered by the signature, not interpreted.
            }
        }
        // RFC 5652 §5.4: the signature covers the DER encoding of the SET OF, so the implicit
        // [0] tag is replaced by the universal SET tag.
        var signedBytes = Array(node.encodedBytes)
        guard signedBytes.count >= 2, signedBytes[1] != 0x80 else {
            throw .malformed("SignerInfo signedAttrs must be definite-length DER")
        }
        signedBytes[0] = 0x31
        return SignedAttributes(signedBytes: signedBytes, contentType: contentType, messageDigest: messageDigest)
    }
}

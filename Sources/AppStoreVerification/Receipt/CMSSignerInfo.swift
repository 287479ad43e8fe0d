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
        var contentType: ArraySlice<UInt8>?
        var messageDigest: ArraySlice<UInt8>?
    }

    var version: Int64
    var identifier: Identifier
    /// The encoded bytes of `sid`, part of the chain cache key.
    var identifierBytes: ArraySlice<UInt8>
    /// Content octets of the digest algorithm OID.
    var digestAlgorithm: ArraySlice<UInt8>
    var signedAttributes: SignedAttributes?
    /// Content octets of the signature algorithm OID.
    var signatureAlgorithm: ArraySlice<UInt8>
    var signature: ArraySlice<UInt8>

    static func parse(_ node: ReceiptDERReader.Element, in parent: ReceiptDERReader) throws(VerificationError) -> CMSSignerInfo {
        var fields = try CMSReading.constructed(node, tag: 0x30, in: parent, "SignerInfo")

        let version = try CMSReading.integer(try fields.read(), in: fields, "SignerInfo version")
        guard version == 1 || version == 3 else { throw .malformed("SignerInfo version \(version) is not 1 or 3") }

        let sid = try fields.read()
        let identifier: Identifier
        if sid.tag == 0x30 {
            var parts = fields.children(of: sid, what: "SignerInfo issuerAndSerialNumber")
            let issuer = try parts.read()
            guard issuer.tag == 0x30 else { throw .malformed("SignerInfo issuerAndSerialNumber issuer is not a Name") }
            let serial = try CMSReading.primitive(try parts.read(), tag: 0x02, in: parts, "SignerInfo serialNumber")
            guard !serial.isEmpty, parts.isAtEnd else {
                throw .malformed("SignerInfo issuerAndSerialNumber must hold an issuer Name and a serial INTEGER")
            }
            identifier = .issuerAndSerialNumber(issuer: parts.bytes[issuer.encoded], serialNumber: serial)
        } else if sid.tag == 0x80 {
            identifier = .subjectKeyIdentifier(fields.bytes[sid.content])
        } else {
            throw .malformed("SignerInfo sid has tag 0x\(String(sid.tag, radix: 16)), neither issuerAndSerialNumber nor [0]")
        }

        let digestAlgorithm = try CMSReading.algorithm(try fields.read(), in: fields, "SignerInfo digestAlgorithm")

        var next = try fields.read()
        var signedAttributes: SignedAttributes?
        if next.tag == 0xA0 {
            signedAttributes = try parseSignedAttributes(next, in: fields)
            next = try fields.read()
        }
        let signatureAlgorithm = try CMSReading.algorithm(next, in: fields, "SignerInfo signatureAlgorithm")
        let signature = try CMSReading.octets(try fields.read(), in: fields, "SignerInfo signature")
        guard !signature.isEmpty else { throw .malformed("SignerInfo signature is empty") }
        if !fields.isAtEnd {
            let unsigned = try fields.read()  // unsignedAttrs: not covered by the signature, ignored.
            guard unsigned.tag == 0xA1 else {
                throw .malformed("SignerInfo has an unexpected element with tag 0x\(String(unsigned.tag, radix: 16))")
            }
        }
        guard fields.isAtEnd else { throw .malformed("SignerInfo has unexpected trailing elements") }

        return CMSSignerInfo(
            version: version,
            identifier: identifier,
            identifierBytes: fields.bytes[sid.encoded],
            digestAlgorithm: digestAlgorithm,
            signedAttributes: signedAttributes,
            signatureAlgorithm: signatureAlgorithm,
            signature: signature
        )
    }

    private static func parseSignedAttributes(
        _ node: ReceiptDERReader.Element,
        in parent: ReceiptDERReader
    ) throws(VerificationError) -> SignedAttributes {
        guard !node.isIndefinite else { throw .malformed("SignerInfo signedAttrs must be definite-length DER") }
        var attributes = parent.children(of: node, what: "SignerInfo signedAttrs")
        var contentType: ArraySlice<UInt8>?
        var messageDigest: ArraySlice<UInt8>?
        var count = 0
        while !attributes.isAtEnd {
            count += 1
            guard count <= 32 else { throw .malformed("SignerInfo has more than 32 signed attributes") }
            var parts = try CMSReading.constructed(try attributes.read(), tag: 0x30, in: attributes, "signed attribute")
            let type = try CMSReading.oid(try parts.read(), in: parts, "signed attribute type")
            var values = try CMSReading.constructed(try parts.read(), tag: 0x31, in: parts, "signed attribute values")
            guard parts.isAtEnd else { throw .malformed("signed attribute must hold a type and a SET of values") }
            if type.elementsEqual(CMSObjectIdentifiers.contentTypeAttributeBytes) {
                guard contentType == nil else { throw .malformed("signed attribute contentType appears more than once") }
                contentType = try CMSReading.oid(try values.read(), in: values, "signed attribute contentType")
                guard values.isAtEnd else { throw .malformed("signed attribute contentType must have one value") }
            } else if type.elementsEqual(CMSObjectIdentifiers.messageDigestAttributeBytes) {
                guard messageDigest == nil else { throw .malformed("signed attribute messageDigest appears more than once") }
                messageDigest = try CMSReading.octets(try values.read(), in: values, "signed attribute messageDigest")
                guard values.isAtEnd else { throw .malformed("signed attribute messageDigest must have one value") }
            }
            // Signing time and others: covered by the signature, not interpreted.
        }
        // RFC 5652 §5.4: the signature covers the DER encoding of the SET OF, so the implicit
        // [0] tag is replaced by the universal SET tag.
        var signedBytes = Array(parent.bytes[node.encoded])
        signedBytes[0] = 0x31
        return SignedAttributes(signedBytes: signedBytes, contentType: contentType, messageDigest: messageDigest)
    }
}

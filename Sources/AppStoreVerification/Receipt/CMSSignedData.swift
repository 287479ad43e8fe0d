/// The parts of a PKCS#7 / CMS `SignedData` (RFC 2315, RFC 5652) that receipt verification needs,
/// parsed from BER (indefinite lengths, constructed OCTET STRINGs) or DER without descending into
/// the certificates.
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
    var version: Int64
    /// Content octets of each digest algorithm OID.
    var digestAlgorithms: [ArraySlice<UInt8>]
    /// Content octets of the eContentType OID.
    var contentType: ArraySlice<UInt8>
    /// The encapsulated content (the receipt payload); `nil` for a detached signature.
    var content: ArraySlice<UInt8>?
    /// The encoded bytes of each certificate in `certificates`, in order.
    var certificates: [ArraySlice<UInt8>]
    var signerInfos: [CMSSignerInfo]

    /// How many certificates a receipt may carry (Apple sends 3).
    static let maximumCertificates = 8
    /// How many signers a receipt may carry (Apple sends 1).
    static let maximumSigners = 4

    /// Parses a `ContentInfo` holding `SignedData`. Every failure is `.malformed`.
    static func parse(_ bytes: [UInt8]) throws(VerificationError) -> CMSSignedData {
        guard !bytes.isEmpty else { throw .malformed("PKCS#7 ContentInfo: empty") }
        var top = ReceiptDERReader(bytes[...], what: "PKCS#7 ContentInfo", allowsIndefinite: true)
        let root = try top.read()
        guard top.isAtEnd else { throw .malformed("PKCS#7 ContentInfo: \(bytes.count - root.end) trailing bytes") }
        var info = try CMSReading.constructed(root, tag: 0x30, in: top, "PKCS#7 ContentInfo")
        let type = try CMSReading.oid(try info.read(), in: info, "PKCS#7 contentType")
        guard type.elementsEqual(CMSObjectIdentifiers.signedDataBytes) else {
            throw .malformed("PKCS#7 contentType is \(CMSObjectIdentifiers.describe(type)), not signedData (1.2.840.113549.1.7.2)")
        }
        var explicit = try CMSReading.constructed(try info.read(), tag: 0xA0, in: info, "PKCS#7 content [0]")
        guard info.isAtEnd else { throw .malformed("PKCS#7 ContentInfo has elements after its content") }
        let signedData = try explicit.read()
        guard explicit.isAtEnd else { throw .malformed("PKCS#7 content [0] must hold exactly one SignedData") }
        return try parseSignedData(signedData, in: explicit)
    }

    private static func parseSignedData(
        _ node: ReceiptDERReader.Element,
        in parent: ReceiptDERReader
    ) throws(VerificationError) -> CMSSignedData {
        var fields = try CMSReading.constructed(node, tag: 0x30, in: parent, "SignedData")

        let version = try CMSReading.integer(try fields.read(), in: fields, "SignedData version")
        guard (1...5).contains(version) else { throw .malformed("SignedData version \(version) is not 1...5") }

        var digestAlgorithms: [ArraySlice<UInt8>] = []
        var algorithms = try CMSReading.constructed(try fields.read(), tag: 0x31, in: fields, "SignedData digestAlgorithms")
        while !algorithms.isAtEnd {
            guard digestAlgorithms.count < 8 else { throw .malformed("SignedData lists more than 8 digest algorithms") }
            digestAlgorithms.append(try CMSReading.algorithm(try algorithms.read(), in: algorithms, "SignedData digestAlgorithm"))
        }

        var encapsulated = try CMSReading.constructed(try fields.read(), tag: 0x30, in: fields, "SignedData encapContentInfo")
        let contentType = try CMSReading.oid(try encapsulated.read(), in: encapsulated, "encapContentInfo eContentType")
        var content: ArraySlice<UInt8>?
        if !encapsulated.isAtEnd {
            var explicit = try CMSReading.constructed(try encapsulated.read(), tag: 0xA0, in: encapsulated, "eContent [0]")
            content = try CMSReading.octets(try explicit.read(), in: explicit, "eContent OCTET STRING")
            guard explicit.isAtEnd else { throw .malformed("eContent [0] must hold exactly one OCTET STRING") }
            guard encapsulated.isAtEnd else { throw .malformed("encapContentInfo has elements after eContent") }
        }

        var next = try fields.read()
        var certificates: [ArraySlice<UInt8>] = []
        if next.tag == 0xA0 {
            var list = fields.children(of: next, what: "SignedData certificates [0]")
            while !list.isAtEnd {
                let certificate = try list.read()
                guard certificate.tag == 0x30 else {
                    throw .malformed(
                        "SignedData certificates [0] holds tag 0x\(String(certificate.tag, radix: 16)), not a Certificate SEQUENCE")
                }
                guard certificates.count < maximumCertificates else {
                    throw .malformed("SignedData carries more than \(maximumCertificates) certificates")
                }
                certificates.append(list.bytes[certificate.encoded])
            }
            next = try fields.read()
        }
        if next.tag == 0xA1 {
            next = try fields.read()  // CRLs: not used for receipts; carried but ignored.
        }

        var signers = try CMSReading.constructed(next, tag: 0x31, in: fields, "SignedData signerInfos")
        guard fields.isAtEnd else { throw .malformed("SignedData has elements after signerInfos") }
        var signerInfos: [CMSSignerInfo] = []
        while !signers.isAtEnd {
            guard signerInfos.count < maximumSigners else {
                throw .malformed("SignedData has more than \(maximumSigners) SignerInfos")
            }
            signerInfos.append(try CMSSignerInfo.parse(try signers.read(), in: signers))
        }
        guard !signerInfos.isEmpty else { throw .malformed("SignedData has no SignerInfo") }
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

/// Typed reads over ``ReceiptDERReader`` elements for the CMS envelope.
enum CMSReading {
    /// A reader over the children of a constructed element with identifier octet `tag`.
    static func constructed(
        _ element: ReceiptDERReader.Element,
        tag: UInt8,
        in parent: ReceiptDERReader,
        _ what: String
    ) throws(VerificationError) -> ReceiptDERReader {
        guard element.tag == tag else {
            throw .malformed("\(what): expected tag 0x\(String(tag, radix: 16)), found 0x\(String(element.tag, radix: 16))")
        }
        return parent.children(of: element, what: what)
    }

    static func primitive(
        _ element: ReceiptDERReader.Element,
        tag: UInt8,
        in parent: ReceiptDERReader,
        _ what: String
    ) throws(VerificationError) -> ArraySlice<UInt8> {
        guard element.tag == tag else {
            throw .malformed("\(what): expected tag 0x\(String(tag, radix: 16)), found 0x\(String(element.tag, radix: 16))")
        }
        return parent.bytes[element.content]
    }

    static func oid(
        _ element: ReceiptDERReader.Element, in parent: ReceiptDERReader, _ what: String
    ) throws(VerificationError) -> ArraySlice<UInt8> {
        let content = try primitive(element, tag: 0x06, in: parent, what)
        guard !content.isEmpty, let last = content.last, last & 0x80 == 0 else {
            throw .malformed("\(what): malformed OBJECT IDENTIFIER")
        }
        return content
    }

    static func integer(_ element: ReceiptDERReader.Element, in parent: ReceiptDERReader, _ what: String) throws(VerificationError) -> Int64
    {
        try ReceiptDERReader.int64(try primitive(element, tag: 0x02, in: parent, what), what: what)
    }

    /// An AlgorithmIdentifier's OID content octets; parameters must be absent or NULL.
    static func algorithm(
        _ element: ReceiptDERReader.Element, in parent: ReceiptDERReader, _ what: String
    ) throws(VerificationError) -> ArraySlice<UInt8> {
        var parts = try constructed(element, tag: 0x30, in: parent, what)
        let oid = try oid(try parts.read(), in: parts, what)
        if !parts.isAtEnd {
            let parameters = try parts.read()
            guard parameters.tag == 0x05, parameters.content.isEmpty, parts.isAtEnd else {
                throw .malformed("\(what): AlgorithmIdentifier parameters must be absent or NULL")
            }
        }
        return oid
    }

    /// An OCTET STRING's contents: primitive, or BER constructed segments joined.
    static func octets(
        _ element: ReceiptDERReader.Element, in parent: ReceiptDERReader, _ what: String
    ) throws(VerificationError) -> ArraySlice<UInt8> {
        if element.tag == 0x04 { return parent.bytes[element.content] }
        guard element.tag == 0x24 else {
            throw .malformed("\(what): expected an OCTET STRING, found tag 0x\(String(element.tag, radix: 16))")
        }
        var joined: [UInt8] = []
        var segments = parent.children(of: element, what: what)
        while !segments.isAtEnd {
            joined.append(contentsOf: try octets(try segments.read(), in: segments, what))
        }
        return joined[...]
    }
}

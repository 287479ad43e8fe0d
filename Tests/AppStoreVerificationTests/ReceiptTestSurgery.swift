import SwiftASN1

/// Byte-level surgery on PKCS#7 receipts for negative tests: locate the parts of a DER receipt,
/// rebuild it with other certificates, or re-encode it as BER with indefinite lengths.
struct ReceiptLayout {
    var contentRange: Range<Int>
    var signatureRange: Range<Int>
    var certificates: [[UInt8]]

    private var oid: ASN1Node
    private var signedDataFields: [ASN1Node]

    init(_ der: [UInt8]) throws {
        let root = try DER.parse(der)
        let info = Self.children(root)
        oid = info[0]
        let signedData = Self.children(info[1])[0]
        signedDataFields = Self.children(signedData)
        let encapsulated = Self.children(signedDataFields[2])
        guard case .primitive(let content) = Self.children(encapsulated[1])[0].content else {
            throw SurgeryError()
        }
        contentRange = content.startIndex..<content.endIndex
        certificates = Self.children(signedDataFields[3]).map { Array($0.encodedBytes) }
        let signer = Self.children(Self.children(signedDataFields[4])[0])
        guard case .primitive(let signature) = signer[signer.count - 1].content else { throw SurgeryError() }
        signatureRange = signature.startIndex..<signature.endIndex
    }

    /// The same receipt with `certificates` in the certificates field.
    func replacingCertificates(_ certificates: [[UInt8]]) throws -> [UInt8] {
        var serializer = DER.Serializer()
        serializer.appendConstructedNode(identifier: .sequence) { info in
            info.serialize(oid)
            info.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { explicit in
                explicit.appendConstructedNode(identifier: .sequence) { signedData in
                    for field in signedDataFields.prefix(3) { signedData.serialize(field) }
                    signedData.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { set in
                        for certificate in certificates { set.serializeRawBytes(certificate) }
                    }
                    signedData.serialize(signedDataFields[4])
                }
            }
        }
        return serializer.serializedBytes
    }

    /// The same receipt re-encoded as BER: indefinite lengths on the envelope and the content
    /// OCTET STRING split into constructed segments of `segment` bytes.
    func berIndefinite(from der: [UInt8], segment: Int = 100) -> [UInt8] {
        func indefinite(_ tag: UInt8, _ parts: [[UInt8]]) -> [UInt8] {
            [tag, 0x80] + parts.flatMap { $0 } + [0x00, 0x00]
        }
        let content = Array(der[contentRange])
        var segments: [[UInt8]] = []
        var index = 0
        while index < content.count {
            let chunk = Array(content[index..<min(index + segment, content.count)])
            segments.append([0x04, UInt8(chunk.count)] + chunk)
            index += segment
        }
        let encapsulatedOID = Array(Self.children(signedDataFields[2])[0].encodedBytes)
        let encapsulated = indefinite(0x30, [encapsulatedOID, indefinite(0xA0, [indefinite(0x24, segments)])])
        let signedData = indefinite(
            0x30,
            [
                Array(signedDataFields[0].encodedBytes), Array(signedDataFields[1].encodedBytes), encapsulated,
                indefinite(0xA0, certificates), indefinite(0x31, Self.children(signedDataFields[4]).map { Array($0.encodedBytes) }),
            ])
        return indefinite(0x30, [Array(oid.encodedBytes), indefinite(0xA0, [signedData])])
    }

    private static func children(_ node: ASN1Node) -> [ASN1Node] {
        guard case .constructed(let nodes) = node.content else { return [] }
        return Array(nodes)
    }
}

struct SurgeryError: Error {}

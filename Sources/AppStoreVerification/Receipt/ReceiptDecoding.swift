internal import SwiftASN1

/// Small helpers shared by the receipt parsers: they turn library errors into
/// ``VerificationError/malformed(_:)`` while keeping the cause in the reason.
enum ReceiptDecoding {
    /// Runs `body`, keeping a thrown ``VerificationError`` as it is and turning any other error
    /// into `.malformed("<what>: <cause>")`.
    static func decoding<T>(
        _ what: @autoclosure () -> String,
        _ body: () throws -> T
    ) throws(VerificationError) -> T {
        do {
            return try body()
        } catch let error as VerificationError {
            throw error
        } catch {
            throw .malformed("\(what()): \(error)")
        }
    }

    /// Parses `bytes` as one BER (hence also DER) element, with no trailing bytes.
    static func parseElement(_ bytes: ArraySlice<UInt8>, _ what: @autoclosure () -> String) throws(VerificationError) -> ASN1Node {
        guard !bytes.isEmpty else { throw .malformed("\(what()): empty") }
        return try decoding(what()) { try BER.parse(bytes) }
    }

    /// The children of a constructed node with identifier `identifier`.
    static func children(
        of node: ASN1Node,
        _ identifier: ASN1Identifier,
        _ what: @autoclosure () -> String
    ) throws(VerificationError) -> [ASN1Node] {
        guard node.identifier == identifier else {
            throw .malformed("\(what()): expected \(identifier), found \(node.identifier)")
        }
        guard case .constructed(let collection) = node.content else {
            throw .malformed("\(what()): expected a constructed \(identifier)")
        }
        return Array(collection)
    }

    static func objectIdentifier(_ node: ASN1Node, _ what: @autoclosure () -> String) throws(VerificationError) -> ASN1ObjectIdentifier {
        try decoding(what()) { try ASN1ObjectIdentifier(berEncoded: node) }
    }

    static func integer<I: ASN1IntegerRepresentable>(
        _ node: ASN1Node,
        as type: I.Type = I.self,
        _ what: @autoclosure () -> String
    ) throws(VerificationError) -> I {
        try decoding(what()) { try I(berEncoded: node) }
    }

    /// The contents of an OCTET STRING (primitive, or BER constructed segments joined).
    static func octets(_ node: ASN1Node, _ what: @autoclosure () -> String) throws(VerificationError) -> ArraySlice<UInt8> {
        try decoding(what()) { try ASN1OctetString(berEncoded: node).bytes }
    }

    /// An AlgorithmIdentifier: the OID, with parameters absent or NULL.
    static func algorithm(_ node: ASN1Node, _ what: @autoclosure () -> String) throws(VerificationError) -> ASN1ObjectIdentifier {
        let parts = try children(of: node, .sequence, what())
        guard let first = parts.first, parts.count <= 2 else {
            throw .malformed("\(what()): AlgorithmIdentifier must hold an OID and optional parameters")
        }
        let oid = try objectIdentifier(first, what())
        if parts.count == 2 {
            guard parts[1].identifier == .null, case .primitive(let bytes) = parts[1].content, bytes.isEmpty else {
                throw .malformed("\(what()): AlgorithmIdentifier parameters must be absent or NULL")
            }
        }
        return oid
    }

    static func contextTag(_ number: UInt) -> ASN1Identifier {
        ASN1Identifier(tagWithNumber: number, tagClass: .contextSpecific)
    }
}

import SwiftASN1
import X509

/// The parts of a DER `OCSPRequest` (RFC 6960 §4.1.1) a responder needs: the CertIDs asked
/// about and the nonce extension, if any. An optional request signature is ignored (the simulator
/// never requires one).
///
/// ```
/// OCSPRequest ::= SEQUENCE { tbsRequest TBSRequest, optionalSignature [0] EXPLICIT Signature OPTIONAL }
/// TBSRequest  ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1,
///                            requestorName [1] EXPLICIT GeneralName OPTIONAL,
///                            requestList SEQUENCE OF Request,
///                            requestExtensions [2] EXPLICIT Extensions OPTIONAL }
/// Request     ::= SEQUENCE { reqCert CertID, singleRequestExtensions [0] EXPLICIT Extensions OPTIONAL }
/// ```
struct OCSPRequestDER {
    static let nonceExtension: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1, 2]

    var certIDs: [OCSPRequestedCertID]
    /// The request's nonce extension, echoed whole in the response.
    var nonce: Certificate.Extension?

    init(derEncoded bytes: [UInt8]) throws {
        let root = try DER.parse(bytes)
        let (certIDs, extensions): ([OCSPRequestedCertID], [Certificate.Extension]) = try DER.sequence(
            root, identifier: .sequence
        ) { nodes in
            guard let tbsNode = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "OCSPRequest lacks tbsRequest")
            }
            // optionalSignature: not checked.
            _ = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { $0 }
            return try DER.sequence(tbsNode, identifier: .sequence) { tbs in
                let version = try DER.optionalExplicitlyTagged(&tbs, tagNumber: 0, tagClass: .contextSpecific) {
                    try Int(derEncoded: $0)
                }
                guard version == nil || version == 0 else {
                    throw ASN1Error.invalidASN1Object(reason: "unsupported OCSPRequest version \(version ?? -1)")
                }
                _ = try DER.optionalExplicitlyTagged(&tbs, tagNumber: 1, tagClass: .contextSpecific) { $0 }
                let requests = try DER.sequence(of: SingleRequest.self, identifier: .sequence, nodes: &tbs)
                let extensions = try DER.optionalExplicitlyTagged(&tbs, tagNumber: 2, tagClass: .contextSpecific) {
                    try DER.sequence(of: Certificate.Extension.self, identifier: .sequence, rootNode: $0)
                }
                return (requests.map(\.certID), extensions ?? [])
            }
        }
        guard !certIDs.isEmpty else {
            throw ASN1Error.invalidASN1Object(reason: "OCSPRequest asks about no certificate")
        }
        self.certIDs = certIDs
        self.nonce = extensions.first { $0.oid == Self.nonceExtension }
    }

    private struct SingleRequest: DERImplicitlyTaggable {
        static var defaultIdentifier: ASN1Identifier { .sequence }
        var certID: OCSPRequestedCertID

        init(derEncoded node: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
            self = try DER.sequence(node, identifier: identifier) { nodes in
                let certID = try OCSPRequestedCertID(derEncoded: &nodes)
                _ = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 0, tagClass: .contextSpecific) { $0 }
                return SingleRequest(certID: certID)
            }
        }

        init(certID: OCSPRequestedCertID) { self.certID = certID }

        func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
            try coder.appendConstructedNode(identifier: identifier) { try $0.serialize(certID) }
        }
    }
}

/// One `CertID` of a request, with its exact DER kept so the response echoes it byte for byte.
///
/// ```
/// CertID ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier, issuerNameHash OCTET STRING,
///                       issuerKeyHash OCTET STRING, serialNumber CertificateSerialNumber }
/// ```
struct OCSPRequestedCertID: DERImplicitlyTaggable {
    static var defaultIdentifier: ASN1Identifier { .sequence }

    var der: ArraySlice<UInt8>
    var hashAlgorithm: ASN1ObjectIdentifier
    var hashAlgorithmDER: ArraySlice<UInt8>
    var issuerNameHash: ArraySlice<UInt8>
    var issuerKeyHash: ArraySlice<UInt8>
    var serialNumber: Certificate.SerialNumber

    init(derEncoded node: ASN1Node, withIdentifier identifier: ASN1Identifier) throws {
        let der = node.encodedBytes
        self = try DER.sequence(node, identifier: identifier) { nodes in
            guard let algorithmNode = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "CertID lacks hashAlgorithm")
            }
            let algorithm = try DER.sequence(algorithmNode, identifier: .sequence) { parts in
                let oid = try ASN1ObjectIdentifier(derEncoded: &parts)
                if let parameters = parts.next(), parameters.identifier != .null {
                    throw ASN1Error.invalidASN1Object(reason: "CertID hash algorithm has parameters")
                }
                return oid
            }
            let nameHash = try ASN1OctetString(derEncoded: &nodes)
            let keyHash = try ASN1OctetString(derEncoded: &nodes)
            let serial = try ArraySlice<UInt8>(derEncoded: &nodes)
            return OCSPRequestedCertID(
                der: der, hashAlgorithm: algorithm, hashAlgorithmDER: algorithmNode.encodedBytes,
                issuerNameHash: nameHash.bytes, issuerKeyHash: keyHash.bytes,
                serialNumber: Certificate.SerialNumber(bytes: serial))
        }
    }

    init(
        der: ArraySlice<UInt8>, hashAlgorithm: ASN1ObjectIdentifier, hashAlgorithmDER: ArraySlice<UInt8>,
        issuerNameHash: ArraySlice<UInt8>, issuerKeyHash: ArraySlice<UInt8>, serialNumber: Certificate.SerialNumber
    ) {
        self.der = der
        self.hashAlgorithm = hashAlgorithm
        self.hashAlgorithmDER = hashAlgorithmDER
        self.issuerNameHash = issuerNameHash
        self.issuerKeyHash = issuerKeyHash
        self.serialNumber = serialNumber
    }

    /// The same CertID naming another serial number (for a responder that answers about the
    /// wrong certificate).
    func naming(serial: Certificate.SerialNumber) throws -> OCSPRequestedCertID {
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { coder in
            coder.serializeRawBytes(hashAlgorithmDER)
            try coder.serialize(ASN1OctetString(contentBytes: issuerNameHash))
            try coder.serialize(ASN1OctetString(contentBytes: issuerKeyHash))
            try coder.serialize(serial.bytes)
        }
        var copy = self
        copy.der = serializer.serializedBytes[...]
        copy.serialNumber = serial
        return copy
    }

    func serialize(into coder: inout DER.Serializer, withIdentifier identifier: ASN1Identifier) throws {
        coder.serializeRawBytes(der)
    }
}

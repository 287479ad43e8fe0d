import Crypto
import Foundation
import SwiftASN1
import X509

/// DER encoding of OCSP responses (RFC 6960 §4.2.1).
///
/// ```
/// OCSPResponse      ::= SEQUENCE { responseStatus ENUMERATED, responseBytes [0] EXPLICIT ResponseBytes OPTIONAL }
/// ResponseBytes     ::= SEQUENCE { responseType OBJECT IDENTIFIER (id-pkix-ocsp-basic), response OCTET STRING }
/// BasicOCSPResponse ::= SEQUENCE { tbsResponseData ResponseData, signatureAlgorithm AlgorithmIdentifier,
///                                  signature BIT STRING, certs [0] EXPLICIT SEQUENCE OF Certificate OPTIONAL }
/// ResponseData      ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1, responderID ResponderID,
///                                  producedAt GeneralizedTime, responses SEQUENCE OF SingleResponse,
///                                  responseExtensions [1] EXPLICIT Extensions OPTIONAL }
/// ResponderID       ::= CHOICE { byName [1] Name, byKey [2] KeyHash }
/// SingleResponse    ::= SEQUENCE { certID CertID, certStatus CertStatus, thisUpdate GeneralizedTime,
///                                  nextUpdate [0] EXPLICIT GeneralizedTime OPTIONAL, ... }
/// CertStatus        ::= CHOICE { good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo, unknown [2] IMPLICIT NULL }
/// RevokedInfo       ::= SEQUENCE { revocationTime GeneralizedTime, revocationReason [0] EXPLICIT CRLReason OPTIONAL }
/// ```
enum OCSPResponseDER {
    static let basicResponseType: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1, 1]
    static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 2]

    enum CertStatus {
        case good
        case revoked(OCSPResponder.Revocation)
        case unknown
    }

    struct SingleResponse {
        var certID: OCSPRequestedCertID
        var status: CertStatus
        var thisUpdate: Date
        var nextUpdate: Date
    }

    /// An `OCSPResponse` without response bytes (every status but `successful`).
    static func unsuccessful(_ status: OCSPResponder.ResponseStatus) -> [UInt8] {
        var serializer = DER.Serializer()
        // An ENUMERATED of a small integer cannot fail to encode.
        try? serializer.appendConstructedNode(identifier: .sequence) { coder in
            try status.rawValue.serialize(into: &coder, withIdentifier: .enumerated)
        }
        return serializer.serializedBytes
    }

    /// A successful `OCSPResponse` wrapping a signed `BasicOCSPResponse`.
    static func successful(
        responderID: OCSPResponder.ResponderIDForm, signer: Certificate, key: P256.Signing.PrivateKey,
        producedAt: Date, responses: [SingleResponse], extensions: [Certificate.Extension], certs: [Certificate]
    ) throws -> [UInt8] {
        let tbs = try responseData(
            responderID: responderID, signer: signer, producedAt: producedAt, responses: responses,
            extensions: extensions)
        let signature = try key.signature(for: tbs).derRepresentation
        var basic = DER.Serializer()
        try basic.appendConstructedNode(identifier: .sequence) { coder in
            coder.serializeRawBytes(tbs)
            try coder.appendConstructedNode(identifier: .sequence) { try $0.serialize(ecdsaWithSHA256) }
            try coder.serialize(ASN1BitString(bytes: Array(signature)[...]))
            if !certs.isEmpty {
                try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                    try coder.serializeSequenceOf(certs)
                }
            }
        }
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { coder in
            try OCSPResponder.ResponseStatus.successful.rawValue.serialize(into: &coder, withIdentifier: .enumerated)
            try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                try coder.appendConstructedNode(identifier: .sequence) { coder in
                    try coder.serialize(basicResponseType)
                    try coder.serialize(ASN1OctetString(contentBytes: basic.serializedBytes[...]))
                }
            }
        }
        return serializer.serializedBytes
    }

    private static func responseData(
        responderID: OCSPResponder.ResponderIDForm, signer: Certificate, producedAt: Date,
        responses: [SingleResponse], extensions: [Certificate.Extension]
    ) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { coder in
            // version v1 is the DEFAULT, so DER leaves it out.
            switch responderID {
            case .byName:
                try coder.serialize(explicitlyTaggedWithTagNumber: 1, tagClass: .contextSpecific) { coder in
                    try coder.serialize(signer.subject)
                }
            case .byKey:
                let keyHash = Insecure.SHA1.hash(data: Array(signer.publicKey.subjectPublicKeyInfoBytes))
                try coder.serialize(explicitlyTaggedWithTagNumber: 2, tagClass: .contextSpecific) { coder in
                    try coder.serialize(ASN1OctetString(contentBytes: Array(keyHash)[...]))
                }
            }
            try coder.serialize(try generalizedTime(producedAt))
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                for response in responses {
                    try singleResponse(response, into: &coder)
                }
            }
            if !extensions.isEmpty {
                try coder.serialize(explicitlyTaggedWithTagNumber: 1, tagClass: .contextSpecific) { coder in
                    try coder.serializeSequenceOf(extensions)
                }
            }
        }
        return serializer.serializedBytes
    }

    private static func singleResponse(_ response: SingleResponse, into coder: inout DER.Serializer) throws {
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            try coder.serialize(response.certID)
            switch response.status {
            case .good:
                ASN1Null().serialize(into: &coder, withIdentifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific))
            case .revoked(let revocation):
                try coder.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific)) {
                    coder in
                    try coder.serialize(try generalizedTime(revocation.time))
                    if let reason = revocation.reason {
                        try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                            try reason.rawValue.serialize(into: &coder, withIdentifier: .enumerated)
                        }
                    }
                }
            case .unknown:
                ASN1Null().serialize(into: &coder, withIdentifier: ASN1Identifier(tagWithNumber: 2, tagClass: .contextSpecific))
            }
            try coder.serialize(try generalizedTime(response.thisUpdate))
            try coder.serialize(try generalizedTime(response.nextUpdate), explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific)
        }
    }

    /// The DER encoding of `element`.
    static func der(_ element: some DERSerializable) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(element)
        return serializer.serializedBytes
    }

    /// `date` in UTC, to the whole second (DER GeneralizedTime has no trailing zero fraction).
    static func generalizedTime(_ date: Date) throws -> GeneralizedTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour,
            let minute = parts.minute, let second = parts.second
        else {
            throw ASN1Error.invalidASN1Object(reason: "cannot express \(date) as GeneralizedTime")
        }
        return try GeneralizedTime(
            year: year, month: month, day: day, hours: hour, minutes: minute, seconds: second, fractionalSeconds: 0)
    }

    /// The hash a CertID names (RFC 6960 §4.1.1 allows any; swift-certificates asks with SHA-1).
    static func hash(_ bytes: ArraySlice<UInt8>, algorithm: ASN1ObjectIdentifier) -> [UInt8]? {
        if algorithm == sha1 { return Array(Insecure.SHA1.hash(data: bytes)) }
        if algorithm == sha256 { return Array(SHA256.hash(data: bytes)) }
        if algorithm == sha384 { return Array(SHA384.hash(data: bytes)) }
        if algorithm == sha512 { return Array(SHA512.hash(data: bytes)) }
        return nil
    }

    private static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
    private static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    private static let sha384: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 2]
    private static let sha512: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 3]
}

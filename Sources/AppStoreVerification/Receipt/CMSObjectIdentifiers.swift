internal import SwiftASN1

/// Object identifiers used by CMS and receipt verification, as ASN.1 values and as the DER
/// content octets the envelope parser compares against.
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

    /// The content octets of `oid`'s DER encoding.
    static func contentBytes(_ oid: ASN1ObjectIdentifier) -> [UInt8] {
        var serializer = DER.Serializer()
        // Serializing a well-formed constant cannot fail; an empty result would match nothing.
        try? serializer.serialize(oid)
        return Array(serializer.serializedBytes.dropFirst(2))
    }

    static let dataBytes = contentBytes(data)
    static let signedDataBytes = contentBytes(signedData)
    static let contentTypeAttributeBytes = contentBytes(contentTypeAttribute)
    static let messageDigestAttributeBytes = contentBytes(messageDigestAttribute)
    static let sha1Bytes = contentBytes(sha1)
    static let sha256Bytes = contentBytes(sha256)
    static let rsaEncryptionBytes = contentBytes(rsaEncryption)
    static let sha1WithRSAEncryptionBytes = contentBytes(sha1WithRSAEncryption)
    static let sha256WithRSAEncryptionBytes = contentBytes(sha256WithRSAEncryption)

    /// A dotted rendering of OID content octets, for error messages.
    static func describe(_ content: ArraySlice<UInt8>) -> String {
        guard content.count < 128,
            let oid = try? ASN1ObjectIdentifier(derEncoded: [0x06, UInt8(content.count)] + Array(content))
        else { return "an unreadable OID" }
        return oid.description
    }
}

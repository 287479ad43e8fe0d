public import Foundation
internal import SwiftASN1
public import X509
public import _CryptoExtras

/// An Apple-shaped RSA certificate chain for signing legacy app receipts in the simulator:
/// a self-signed root, an intermediate CA carrying Apple's WWDR marker OID
/// 1.2.840.113635.100.6.2.1, and a receipt-signing leaf carrying 1.2.840.113635.100.6.11.1.
///
/// Receipts signed by it verify only under a verifier that trusts ``root``; production
/// configurations trust the Apple Inc. Root alone and reject them (`invalidCertificateChain`).
public struct ReceiptSigningChain: Sendable {
    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    /// The leaf's private key, which signs receipts.
    public let leafPrivateKey: _RSA.Signing.PrivateKey

    /// The subject names of the three certificates.
    public struct Names: Sendable {
        public var root: DistinguishedName
        public var intermediate: DistinguishedName
        public var leaf: DistinguishedName

        public init(root: DistinguishedName, intermediate: DistinguishedName, leaf: DistinguishedName) {
            self.root = root
            self.intermediate = intermediate
            self.leaf = leaf
        }

        /// Names that say plainly that this is the simulator.
        public static var simulator: Names {
            get throws {
                try Names(
                    root: DistinguishedName {
                        CountryName("US")
                        OrganizationName("Storekeeper Simulator")
                        CommonName("Storekeeper Simulator Root CA")
                    },
                    intermediate: DistinguishedName {
                        CountryName("US")
                        OrganizationName("Storekeeper Simulator")
                        CommonName("Storekeeper Simulator Receipt Intermediate CA")
                    },
                    leaf: DistinguishedName {
                        CountryName("US")
                        OrganizationName("Storekeeper Simulator")
                        CommonName("Storekeeper Simulator Receipt Signing")
                    }
                )
            }
        }

        /// Apple's own names (for tests that a look-alike chain is still rejected).
        public static var appleLookAlike: Names {
            get throws {
                try Names(
                    root: DistinguishedName {
                        CountryName("US")
                        OrganizationName("Apple Inc.")
                        OrganizationalUnitName("Apple Certification Authority")
                        CommonName("Apple Root CA")
                    },
                    intermediate: DistinguishedName {
                        CountryName("US")
                        OrganizationName("Apple Inc.")
                        OrganizationalUnitName("Apple Worldwide Developer Relations")
                        CommonName("Apple Worldwide Developer Relations Certification Authority")
                    },
                    leaf: DistinguishedName {
                        CommonName("Mac App Store and iTunes Store Receipt Signing")
                        OrganizationalUnitName("Apple Worldwide Developer Relations")
                        OrganizationName("Apple Inc.")
                        CountryName("US")
                    }
                )
            }
        }
    }

    /// Deliberate deviations from Apple's shape, for negative tests. The default is Apple's shape.
    public struct Profile: Sendable {
        public var leafHasMarker = true
        public var intermediateHasMarker = true
        public var intermediateIsCA = true
        public var leafIsCA = false
        public init() {}
    }

    public init(root: Certificate, intermediate: Certificate, leaf: Certificate, leafPrivateKey: _RSA.Signing.PrivateKey) {
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        self.leafPrivateKey = leafPrivateKey
    }

    /// Mints a fresh chain with 2048-bit RSA keys, SHA-256 signatures, every certificate valid
    /// from `notValidBefore` to `notValidAfter`.
    public static func mint(
        notValidBefore: Date,
        notValidAfter: Date,
        names: Names? = nil,
        profile: Profile = Profile()
    ) throws -> ReceiptSigningChain {
        let names = try names ?? Names.simulator
        let rootKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let intermediateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let leafKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)

        let rootPublic = Certificate.PublicKey(rootKey.publicKey)
        let root = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: rootPublic,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: names.root,
            subject: names.root,
            signatureAlgorithm: .sha256WithRSAEncryption,
            extensions: Certificate.Extensions([
                try Certificate.Extension(BasicConstraints.isCertificateAuthority(maxPathLength: nil), critical: true),
                try Certificate.Extension(KeyUsage(keyCertSign: true, cRLSign: true), critical: true),
                try Certificate.Extension(SubjectKeyIdentifier(hash: rootPublic), critical: false),
            ]),
            issuerPrivateKey: Certificate.PrivateKey(rootKey)
        )

        let intermediatePublic = Certificate.PublicKey(intermediateKey.publicKey)
        var intermediateExtensions = [
            try Certificate.Extension(
                profile.intermediateIsCA
                    ? BasicConstraints.isCertificateAuthority(maxPathLength: 0) : BasicConstraints.notCertificateAuthority,
                critical: true
            ),
            try Certificate.Extension(KeyUsage(keyCertSign: true, cRLSign: true), critical: true),
            try Certificate.Extension(SubjectKeyIdentifier(hash: intermediatePublic), critical: false),
        ]
        if profile.intermediateHasMarker { intermediateExtensions.append(appleMarker(ReceiptMarkerOIDs.intermediate)) }
        let intermediate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: intermediatePublic,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: names.root,
            subject: names.intermediate,
            signatureAlgorithm: .sha256WithRSAEncryption,
            extensions: Certificate.Extensions(intermediateExtensions),
            issuerPrivateKey: Certificate.PrivateKey(rootKey)
        )

        var leafExtensions = [
            try Certificate.Extension(
                profile.leafIsCA
                    ? BasicConstraints.isCertificateAuthority(maxPathLength: nil) : BasicConstraints.notCertificateAuthority,
                critical: true
            ),
            try Certificate.Extension(KeyUsage(digitalSignature: true), critical: true),
        ]
        if profile.leafHasMarker { leafExtensions.append(appleMarker(ReceiptMarkerOIDs.leaf)) }
        let leaf = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(leafKey.publicKey),
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            issuer: names.intermediate,
            subject: names.leaf,
            signatureAlgorithm: .sha256WithRSAEncryption,
            extensions: Certificate.Extensions(leafExtensions),
            issuerPrivateKey: Certificate.PrivateKey(intermediateKey)
        )
        return ReceiptSigningChain(root: root, intermediate: intermediate, leaf: leaf, leafPrivateKey: leafKey)
    }

    /// Apple's marker extensions hold an ASN.1 NULL.
    private static func appleMarker(_ oid: ASN1ObjectIdentifier) -> Certificate.Extension {
        Certificate.Extension(oid: oid, critical: false, value: [0x05, 0x00])
    }
}

enum ReceiptMarkerOIDs {
    static let leaf: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    static let intermediate: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]
}

public import AppStoreVerification
public import Crypto
public import Foundation
import SwiftASN1
public import X509

/// A three-level certificate chain shaped like the one Apple signs App Store data with: a
/// self-signed root, an intermediate carrying Apple's WWDR marker OID, and a leaf carrying
/// Apple's App Store signing marker OID, all P-256.
///
/// The simulator signs with one of these, and tests mint them to produce signed data. Nothing
/// trusts it unless handed its `trustedRoots` explicitly; under Apple's roots everything it signs
/// is rejected with `invalidCertificateChain`. `Options` can also mint deliberately broken
/// chains (a look-alike of Apple's names, a missing marker, a leaf from another period) for
/// adversarial tests.
public struct AppleShapedPKI: Sendable {
    /// Subject names used for the three certificates.
    public struct Names: Sendable {
        public var root: String
        public var intermediate: String
        public var leaf: String
        public var organization: String

        public init(root: String, intermediate: String, leaf: String, organization: String) {
            self.root = root
            self.intermediate = intermediate
            self.leaf = leaf
            self.organization = organization
        }

        /// Names that say plainly what the chain is.
        public static let simulator = Names(
            root: "Storekeeper Simulator Root CA", intermediate: "Storekeeper Simulator Intermediate CA",
            leaf: "Storekeeper Simulator App Store Signing", organization: "Storekeeper Simulator")

        /// Apple's own names, for forgeries that must still be rejected.
        public static let appleLookalike = Names(
            root: "Apple Root CA - G3", intermediate: "Apple Worldwide Developer Relations Certification Authority",
            leaf: "Prod ECC Mac App Store and iTunes Store Receipt Signing", organization: "Apple Inc.")
    }

    /// How to mint the chain; the defaults give a well-formed chain valid for 20 years.
    public struct Options: Sendable {
        public var names: Names = .simulator
        public var notValidBefore: Date = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01
        public var notValidAfter: Date = Date(timeIntervalSince1970: 2_208_988_800)  // 2040-01-01
        /// Overrides the leaf's validity (e.g. a leaf from another period).
        public var leafValidity: ClosedRange<Date>?
        public var intermediateHasMarker = true
        public var leafHasMarker = true
        public var leafIsCertificateAuthority = false
        /// When set, the leaf and the intermediate carry an Authority Information Access extension
        /// naming this OCSP responder (id-ad-ocsp), as Apple's do; the root never does.
        public var ocspURL: String?

        public init() {}
    }

    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    public let rootKey: P256.Signing.PrivateKey
    public let intermediateKey: P256.Signing.PrivateKey
    public let leafKey: P256.Signing.PrivateKey

    public init(options: Options = Options()) throws {
        let rootKey = P256.Signing.PrivateKey()
        let intermediateKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let names = options.names
        let rootName = try Self.name(names.root, organization: names.organization, unit: "Certification Authority")
        let intermediateName = try Self.name(
            names.intermediate, organization: names.organization, unit: "G6")
        let leafName = try Self.name(names.leaf, organization: names.organization, unit: "Apple Worldwide Developer Relations")
        let marker: [UInt8] = [0x05, 0x00]  // the markers' value is an ASN.1 NULL

        let root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey),
            notValidBefore: options.notValidBefore, notValidAfter: options.notValidAfter,
            issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(rootKey))
        let intermediate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(intermediateKey.publicKey),
            notValidBefore: options.notValidBefore, notValidAfter: options.notValidAfter,
            issuer: rootName, subject: intermediateName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                if options.intermediateHasMarker {
                    Certificate.Extension(oid: AppleCertificateChain.intermediateMarker, critical: false, value: marker[...])
                }
                if let ocspURL = options.ocspURL {
                    Self.authorityInformationAccess(ocspURL: ocspURL)
                }
            },
            issuerPrivateKey: .init(rootKey))
        let leafValidity = options.leafValidity ?? options.notValidBefore...options.notValidAfter
        let leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey),
            notValidBefore: leafValidity.lowerBound, notValidAfter: leafValidity.upperBound,
            issuer: intermediateName, subject: leafName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                if options.leafIsCertificateAuthority {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                } else {
                    Critical(BasicConstraints.notCertificateAuthority)
                }
                Critical(KeyUsage(digitalSignature: true))
                if options.leafHasMarker {
                    Certificate.Extension(oid: AppleCertificateChain.leafMarker, critical: false, value: marker[...])
                }
                if let ocspURL = options.ocspURL {
                    Self.authorityInformationAccess(ocspURL: ocspURL)
                }
            },
            issuerPrivateKey: .init(intermediateKey))
        self.init(
            root: root, intermediate: intermediate, leaf: leaf, rootKey: rootKey,
            intermediateKey: intermediateKey, leafKey: leafKey)
    }

    public init(
        root: Certificate, intermediate: Certificate, leaf: Certificate, rootKey: P256.Signing.PrivateKey,
        intermediateKey: P256.Signing.PrivateKey, leafKey: P256.Signing.PrivateKey
    ) {
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        self.rootKey = rootKey
        self.intermediateKey = intermediateKey
        self.leafKey = leafKey
    }

    private static func authorityInformationAccess(ocspURL: String) -> AuthorityInformationAccess {
        AuthorityInformationAccess([.init(method: .ocspServer, location: .uniformResourceIdentifier(ocspURL))])
    }

    private static func name(_ commonName: String, organization: String, unit: String) throws -> DistinguishedName {
        try DistinguishedName {
            CommonName(commonName)
            OrganizationalUnitName(unit)
            OrganizationName(organization)
            CountryName("US")
        }
    }

    /// DER encodings, leaf first, as `x5c` carries them.
    public var chainDER: [[UInt8]] {
        get throws { try [leaf, intermediate, root].map(Self.der) }
    }

    /// The root as a trust anchor, for verifiers that should accept this chain.
    public var trustedRoots: TrustedRoots {
        get throws { try TrustedRoots([root]) }
    }

    /// A signer producing JWS with this chain in `x5c`, signed by the leaf key.
    public func signer() throws -> ES256Signer {
        try ES256Signer(privateKey: leafKey, certificateChain: chainDER)
    }

    static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }
}

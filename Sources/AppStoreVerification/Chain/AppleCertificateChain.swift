import Foundation
public import SwiftASN1
public import X509

/// Apple's certificate chain rules for signed App Store data, checked without regard to time.
///
/// A chain is exactly `[leaf, intermediate, root]`:
/// - the root is byte-for-byte one of the trusted roots;
/// - the intermediate is signed by the root, is a CA allowed to sign certificates, and carries
///   Apple's WWDR intermediate marker (1.2.840.113635.100.6.2.1);
/// - the leaf is signed by the intermediate, is not a CA, may sign data, and carries Apple's
///   App Store signing marker (1.2.840.113635.100.6.11.1);
/// - issuer and subject names chain, every certificate is X.509 v3, and no certificate has a
///   critical extension this code does not understand.
///
/// Time is deliberately left out: the chain's validity window is returned so a caller can judge
/// it at the moment the data was signed, and so the time-independent result can be cached.
public struct AppleCertificateChain: Sendable {
    public static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    public static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]

    public let leaf: Certificate
    public let intermediate: Certificate
    public let root: Certificate
    /// The latest `notValidBefore` of the three certificates, in milliseconds since 1970.
    public let validFrom: Int64
    /// The earliest `notValidAfter` of the three certificates, in milliseconds since 1970.
    public let validUntil: Int64

    /// The only critical extensions a chain may carry; every other critical extension is refused.
    static let understoodCriticalExtensions: Set<ASN1ObjectIdentifier> = [
        .X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage, .X509ExtensionID.extendedKeyUsage,
    ]

    /// Validates DER-encoded certificates given leaf first.
    package init(der chain: [[UInt8]], trustedRoots: TrustedRoots) throws(VerificationError) {
        guard chain.count == 3 else {
            throw .invalidCertificateChain("expected 3 certificates (leaf, intermediate, root), found \(chain.count)")
        }
        let certificates: [Certificate]
        do {
            certificates = try chain.map { try Certificate(derEncoded: $0) }
        } catch {
            throw .invalidCertificateChain("a certificate does not parse: \(error)")
        }
        guard let root = trustedRoots.root(matching: chain[2][...]) else {
            throw .invalidCertificateChain("the chain's root is not a trusted root")
        }
        let leaf = certificates[0]
        let intermediate = certificates[1]

        for (name, certificate) in [("leaf", leaf), ("intermediate", intermediate), ("root", root)] {
            guard certificate.version == .v3 else {
                throw .invalidCertificateChain("\(name) certificate is not X.509 v3")
            }
            for item in certificate.extensions where item.critical {
                guard Self.understoodCriticalExtensions.contains(item.oid) else {
                    throw .invalidCertificateChain("\(name) has an unknown critical extension \(item.oid)")
                }
            }
        }
        try Self.checkIssued(intermediate, by: root, name: "intermediate")
        try Self.checkIssued(leaf, by: intermediate, name: "leaf")
        try Self.checkIntermediate(intermediate)
        try Self.checkLeaf(leaf)

        self.leaf = leaf
        self.intermediate = intermediate
        self.root = root
        let notBefore = [leaf, intermediate, root].map(\.notValidBefore).max() ?? leaf.notValidBefore
        let notAfter = [leaf, intermediate, root].map(\.notValidAfter).min() ?? leaf.notValidAfter
        self.validFrom = Int64((notBefore.timeIntervalSince1970 * 1000).rounded(.down))
        self.validUntil = Int64((notAfter.timeIntervalSince1970 * 1000).rounded(.down))
    }

    private static func checkIssued(_ child: Certificate, by parent: Certificate, name: String) throws(VerificationError) {
        guard child.issuer == parent.subject else {
            throw .invalidCertificateChain("\(name)'s issuer does not name the certificate above it")
        }
        guard parent.publicKey.isValidSignature(child.signature, for: child) else {
            throw .invalidCertificateChain("\(name) is not signed by the certificate above it")
        }
    }

    private static func checkIntermediate(_ certificate: Certificate) throws(VerificationError) {
        do {
            guard case .isCertificateAuthority = try certificate.extensions.basicConstraints else {
                throw VerificationError.invalidCertificateChain("intermediate is not a certificate authority")
            }
            if let usage = try certificate.extensions.keyUsage, !usage.keyCertSign {
                throw VerificationError.invalidCertificateChain("intermediate may not sign certificates")
            }
        } catch let error as VerificationError {
            throw error
        } catch {
            throw .invalidCertificateChain("intermediate has malformed extensions: \(error)")
        }
        guard certificate.extensions[oid: intermediateMarker] != nil else {
            throw .invalidCertificateChain("intermediate lacks Apple's marker OID \(intermediateMarker)")
        }
    }

    private static func checkLeaf(_ certificate: Certificate) throws(VerificationError) {
        do {
            if case .isCertificateAuthority = try certificate.extensions.basicConstraints {
                throw VerificationError.invalidCertificateChain("leaf is a certificate authority")
            }
            if let usage = try certificate.extensions.keyUsage, !usage.digitalSignature {
                throw VerificationError.invalidCertificateChain("leaf may not sign data")
            }
        } catch let error as VerificationError {
            throw error
        } catch {
            throw .invalidCertificateChain("leaf has malformed extensions: \(error)")
        }
        guard certificate.extensions[oid: leafMarker] != nil else {
            throw .invalidCertificateChain("leaf lacks Apple's marker OID \(leafMarker)")
        }
    }

    /// Whether every certificate was valid at `milliseconds` since 1970.
    public func isValid(atMilliseconds milliseconds: Int64) -> Bool {
        milliseconds >= validFrom && milliseconds <= validUntil
    }
}

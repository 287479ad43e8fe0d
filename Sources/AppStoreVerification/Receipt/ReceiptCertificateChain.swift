internal import AppStoreModels
internal import Foundation
internal import SwiftASN1
internal import X509
internal import _CryptoExtras

/// A receipt signer's certificate chain that has been validated against the trusted roots.
///
/// What was checked does not depend on the time; ``validity`` is the window in which every
/// certificate of the chain is valid, checked per receipt against its creation date.
struct ReceiptCertificateChain: Sendable {
    /// The signer's RSA public key.
    var leafKey: _RSA.Signing.PublicKey
    /// Latest `notBefore` … earliest `notAfter` over leaf, intermediate and root.
    var validity: ClosedRange<Timestamp>

    /// Validates the chain of `signer` built from `certificates` (the DER certificates the
    /// receipt carries) up to one of `roots`:
    ///
    /// - the leaf is the certificate named by the signer's issuer and serial number (or subject
    ///   key identifier), has an RSA key, Apple's receipt-signing marker 1.2.840.113635.100.6.11.1,
    ///   is not a CA, and (if it says) allows digital signatures;
    /// - the intermediate is a carried certificate that issued the leaf (names match and the
    ///   leaf's signature verifies under its key), carries Apple's WWDR marker
    ///   1.2.840.113635.100.6.2.1, is a CA, and (if it says) may sign certificates;
    /// - a trusted root issued the intermediate (names match and the signature verifies). A root
    ///   the receipt itself carries is never trusted for being there.
    static func validate(
        certificates: [ArraySlice<UInt8>],
        signer: CMSSignerInfo,
        roots: [Certificate]
    ) throws(VerificationError) -> ReceiptCertificateChain {
        guard !certificates.isEmpty else { throw .invalidCertificateChain("receipt carries no certificates") }
        var parsed: [Certificate] = []
        for (index, bytes) in certificates.enumerated() {
            do {
                parsed.append(try Certificate(derEncoded: Array(bytes)))
            } catch {
                throw .invalidCertificateChain("certificate \(index) of the receipt cannot be parsed: \(error)")
            }
        }

        var leafIndex: Int?
        for index in parsed.indices where try matches(parsed[index], signer.identifier) {
            leafIndex = index
            break
        }
        guard let leafIndex else {
            throw .invalidCertificateChain("no certificate in the receipt matches the SignerInfo's signer identifier")
        }
        let leaf = parsed[leafIndex]
        try checkLeaf(leaf)
        guard let leafKey = _RSA.Signing.PublicKey(leaf.publicKey) else {
            throw .invalidCertificateChain("the receipt signing certificate does not hold an RSA key")
        }

        let candidates = parsed.indices.filter { $0 != leafIndex }.map { parsed[$0] }
        guard let intermediate = candidates.first(where: { issued(leaf, by: $0) }) else {
            throw .invalidCertificateChain(
                "no certificate in the receipt issued the receipt signing certificate (issuer \(leaf.issuer))"
            )
        }
        try checkIntermediate(intermediate)
        guard let root = roots.first(where: { issued(intermediate, by: $0) }) else {
            throw .invalidCertificateChain(
                "the intermediate \(intermediate.subject) was not issued by a trusted root"
            )
        }

        let notBefore = [leaf, intermediate, root].map { Timestamp($0.notValidBefore) }.max() ?? Timestamp(millisecondsSince1970: 0)
        let notAfter = [leaf, intermediate, root].map { Timestamp($0.notValidAfter) }.min() ?? Timestamp(millisecondsSince1970: 0)
        guard notBefore <= notAfter else {
            throw .certificateExpired("the chain's certificates have no common validity period")
        }
        return ReceiptCertificateChain(leafKey: leafKey, validity: notBefore...notAfter)
    }

    private static func matches(_ certificate: Certificate, _ identifier: CMSSignerInfo.Identifier) throws(VerificationError) -> Bool {
        switch identifier {
        case .issuerAndSerialNumber(let issuerBytes, let serial):
            guard certificate.serialNumber == Certificate.SerialNumber(bytes: serial) else { return false }
            let issuer = try ReceiptDecoding.decoding("SignerInfo issuer Name") {
                try DistinguishedName(derEncoded: DER.parse(issuerBytes))
            }
            return issuer == certificate.issuer
        case .subjectKeyIdentifier(let keyIdentifier):
            let extensionValue = try? certificate.extensions.subjectKeyIdentifier
            return extensionValue.map { $0.keyIdentifier == keyIdentifier } ?? false
        }
    }

    private static func issued(_ child: Certificate, by issuer: Certificate) -> Bool {
        child.issuer == issuer.subject && issuer.publicKey.isValidSignature(child.signature, for: child)
    }

    private static func checkLeaf(_ leaf: Certificate) throws(VerificationError) {
        guard leaf.extensions.contains(where: { $0.oid == CMSObjectIdentifiers.appleReceiptSigningLeaf }) else {
            throw .invalidCertificateChain("the receipt signing certificate lacks Apple's marker OID 1.2.840.113635.100.6.11.1")
        }
        let constraints: BasicConstraints?
        let usage: KeyUsage?
        do {
            constraints = try leaf.extensions.basicConstraints
            usage = try leaf.extensions.keyUsage
        } catch {
            throw .invalidCertificateChain("the receipt signing certificate has unreadable extensions: \(error)")
        }
        if case .isCertificateAuthority = constraints {
            throw .invalidCertificateChain("the receipt signing certificate is a CA")
        }
        if let usage, !usage.digitalSignature {
            throw .invalidCertificateChain("the receipt signing certificate's key usage excludes digital signatures")
        }
    }

    private static func checkIntermediate(_ intermediate: Certificate) throws(VerificationError) {
        guard intermediate.extensions.contains(where: { $0.oid == CMSObjectIdentifiers.appleWWDRIntermediate }) else {
            throw .invalidCertificateChain("the intermediate lacks Apple's marker OID 1.2.840.113635.100.6.2.1")
        }
        let constraints: BasicConstraints?
        let usage: KeyUsage?
        do {
            constraints = try intermediate.extensions.basicConstraints
            usage = try intermediate.extensions.keyUsage
        } catch {
            throw .invalidCertificateChain("the intermediate has unreadable extensions: \(error)")
        }
        guard case .isCertificateAuthority = constraints else {
            throw .invalidCertificateChain("the intermediate is not a CA (basic constraints)")
        }
        if let usage, !usage.keyCertSign {
            throw .invalidCertificateChain("the intermediate's key usage excludes certificate signing")
        }
    }
}

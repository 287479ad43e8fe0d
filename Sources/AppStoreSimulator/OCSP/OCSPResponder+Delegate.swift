public import Crypto
public import Foundation
import SwiftASN1
public import X509

extension OCSPResponder {
    /// A delegated OCSP signer (RFC 6960 §4.2.2.2): a certificate issued by the authority it
    /// answers for, carrying id-kp-OCSPSigning, sent in the response's `certs`.
    public struct Delegate: Sendable {
        public var certificate: Certificate
        public var key: P256.Signing.PrivateKey

        public init(certificate: Certificate, key: P256.Signing.PrivateKey) {
            self.certificate = certificate
            self.key = key
        }

        /// id-pkix-ocsp-nocheck: clients need not check the delegate's own revocation.
        static let noCheck: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1, 5]

        /// Mints a delegate under `authority`; `ocspSigning: false` leaves out the extended key
        /// usage that authorizes it (a certificate clients must not accept as a responder).
        public static func mint(
            for authority: Authority, notValidBefore: Date, notValidAfter: Date, ocspSigning: Bool = true
        ) throws -> Delegate {
            let key = P256.Signing.PrivateKey()
            let subject = try DistinguishedName {
                CommonName("Storekeeper Simulator OCSP Responder")
                OrganizationName("Storekeeper Simulator")
            }
            let certificate = try Certificate(
                version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
                notValidBefore: notValidBefore, notValidAfter: notValidAfter,
                issuer: authority.certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    if ocspSigning {
                        try ExtendedKeyUsage([.ocspSigning])
                    }
                    Certificate.Extension(oid: noCheck, critical: false, value: [0x05, 0x00])
                },
                issuerPrivateKey: .init(authority.key))
            return Delegate(certificate: certificate, key: key)
        }
    }
}

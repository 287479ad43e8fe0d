public import Crypto
public import Foundation
import SwiftASN1
public import X509

/// An OCSP responder (RFC 6960) for the simulator's own certificate authorities, answering DER
/// `OCSPRequest`s from a revocation list.
///
/// Each ``Authority`` is a CA whose certificates it answers for: a request's CertID is matched to
/// an authority by the issuer name and key hashes (SHA-1, SHA-256, SHA-384 or SHA-512, whichever
/// the request used) and answered `good`, or `revoked` when its serial number is on that
/// authority's list. CertIDs are echoed byte for byte and the nonce extension is echoed when the
/// request has one. The response is signed with ecdsa-with-SHA256 by the authority's own key, or
/// by a ``Delegate`` (a certificate the CA issued with id-kp-OCSPSigning, sent in `certs`).
/// CertIDs of issuers it does not serve are answered `unknown`; a request naming none it serves is
/// answered `unauthorized`, and one that does not parse `malformedRequest`.
///
/// A ``Fault`` makes it misbehave in one chosen way, for tests of what clients do with a bad
/// answer.
public struct OCSPResponder: Sendable {
    /// A certificate authority the responder answers for, with its revocation list.
    public struct Authority: Sendable {
        /// The CA certificate: the issuer of the certificates this authority answers about.
        public var certificate: Certificate
        public var key: P256.Signing.PrivateKey
        /// Signs this authority's answers in place of `key` when set.
        public var delegate: Delegate?
        /// Revoked serial numbers of certificates this CA issued.
        public var revoked: [Certificate.SerialNumber: Revocation]

        public init(
            certificate: Certificate, key: P256.Signing.PrivateKey, delegate: Delegate? = nil,
            revoked: [Certificate.SerialNumber: Revocation] = [:]
        ) {
            self.certificate = certificate
            self.key = key
            self.delegate = delegate
            self.revoked = revoked
        }
    }

    /// When and why a certificate was revoked.
    public struct Revocation: Sendable, Hashable {
        public var time: Date
        public var reason: RevocationReason?

        public init(time: Date, reason: RevocationReason? = nil) {
            self.time = time
            self.reason = reason
        }
    }

    /// RFC 5280 `CRLReason`, an open set.
    public struct RevocationReason: RawRepresentable, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let unspecified = RevocationReason(rawValue: 0)
        public static let keyCompromise = RevocationReason(rawValue: 1)
        public static let caCompromise = RevocationReason(rawValue: 2)
        public static let superseded = RevocationReason(rawValue: 4)
        public static let cessationOfOperation = RevocationReason(rawValue: 5)
    }

    /// `OCSPResponseStatus`, an open set.
    public struct ResponseStatus: RawRepresentable, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let successful = ResponseStatus(rawValue: 0)
        public static let malformedRequest = ResponseStatus(rawValue: 1)
        public static let internalError = ResponseStatus(rawValue: 2)
        public static let tryLater = ResponseStatus(rawValue: 3)
        public static let sigRequired = ResponseStatus(rawValue: 5)
        public static let unauthorized = ResponseStatus(rawValue: 6)
    }

    /// How the response names its signer.
    public enum ResponderIDForm: Sendable, Hashable {
        /// `byName`: the signer's subject.
        case byName
        /// `byKey`: the SHA-1 hash of the signer's public key.
        case byKey
    }

    /// One deliberate misbehaviour.
    public enum Fault: Sendable, Hashable {
        /// Signs with a freshly made key that belongs to no certificate.
        case signedByUnrelatedKey
        /// Answers about `serial` (with that serial's status) instead of the certificates asked about.
        case answersFor(serial: Certificate.SerialNumber)
        /// Echoes a nonce other than the request's.
        case wrongNonce
        /// Leaves the nonce out (RFC 6960 allows it).
        case omitsNonce
        /// thisUpdate and nextUpdate lie hours in the past.
        case stale
        /// Answers with this status and no response bytes.
        case unsuccessful(ResponseStatus)
    }

    public var authorities: [Authority]
    /// nextUpdate − thisUpdate of each answer.
    public var validity: TimeInterval = 3600
    public var responderIDForm: ResponderIDForm = .byName
    public var fault: Fault?

    public init(authorities: [Authority]) {
        self.authorities = authorities
    }

    /// Answers for an Apple-shaped chain: the intermediate for the leaf, the root for the
    /// intermediate.
    public init(pki: AppleShapedPKI) {
        self.init(authorities: [
            Authority(certificate: pki.intermediate, key: pki.intermediateKey),
            Authority(certificate: pki.root, key: pki.rootKey),
        ])
    }

    /// Puts `certificate` on the revocation list of the authority that issued it.
    public mutating func revoke(_ certificate: Certificate, at time: Date, reason: RevocationReason? = nil) throws {
        guard let index = authorities.firstIndex(where: { $0.certificate.subject == certificate.issuer }) else {
            throw SimulatorError.invalidRequest("no authority of this responder issued \(certificate.subject)")
        }
        authorities[index].revoked[certificate.serialNumber] = Revocation(time: time, reason: reason)
    }

    /// The DER `OCSPResponse` answering the DER `OCSPRequest` in `request` at `now`.
    public func respond(to request: [UInt8], at now: Date) -> [UInt8] {
        if case .unsuccessful(let status) = fault { return OCSPResponseDER.unsuccessful(status) }
        guard let parsed = try? OCSPRequestDER(derEncoded: request) else {
            return OCSPResponseDER.unsuccessful(.malformedRequest)
        }
        let matches = parsed.certIDs.map { certID in authorities.firstIndex { Self.authority($0, issued: certID) } }
        guard let signerIndex = matches.lazy.compactMap({ $0 }).first else {
            return OCSPResponseDER.unsuccessful(.unauthorized)
        }
        do {
            return try answer(parsed, matches: matches, signer: authorities[signerIndex], at: now)
        } catch {
            return OCSPResponseDER.unsuccessful(.internalError)
        }
    }

    private func answer(
        _ request: OCSPRequestDER, matches: [Int?], signer authority: Authority, at now: Date
    ) throws -> [UInt8] {
        let (thisUpdate, nextUpdate) =
            fault == .stale ? (now - validity - 3 * 3600, now - 3 * 3600) : (now, now + validity)
        var responses: [OCSPResponseDER.SingleResponse] = []
        for (certID, index) in zip(request.certIDs, matches) {
            var certID = certID
            if case .answersFor(let serial) = fault { certID = try certID.naming(serial: serial) }
            let status: OCSPResponseDER.CertStatus
            if let index, let revocation = authorities[index].revoked[certID.serialNumber] {
                status = .revoked(revocation)
            } else if index != nil {
                status = .good
            } else {
                status = .unknown
            }
            responses.append(.init(certID: certID, status: status, thisUpdate: thisUpdate, nextUpdate: nextUpdate))
        }
        var extensions: [Certificate.Extension] = []
        if let nonce = request.nonce {
            switch fault {
            case .omitsNonce: break
            case .wrongNonce: extensions.append(try Self.randomNonce())
            default: extensions.append(nonce)
            }
        }
        let signer = authority.delegate?.certificate ?? authority.certificate
        let key = fault == .signedByUnrelatedKey ? P256.Signing.PrivateKey() : (authority.delegate?.key ?? authority.key)
        return try OCSPResponseDER.successful(
            responderID: responderIDForm, signer: signer, key: key, producedAt: now, responses: responses,
            extensions: extensions, certs: authority.delegate.map { [$0.certificate] } ?? [])
    }

    /// Whether `certID` names a certificate `authority` issued.
    private static func authority(_ authority: Authority, issued certID: OCSPRequestedCertID) -> Bool {
        guard
            let nameHash = try? OCSPResponseDER.hash(
                OCSPResponseDER.der(authority.certificate.subject)[...], algorithm: certID.hashAlgorithm),
            let keyHash = OCSPResponseDER.hash(
                authority.certificate.publicKey.subjectPublicKeyInfoBytes, algorithm: certID.hashAlgorithm)
        else { return false }
        return nameHash[...] == certID.issuerNameHash && keyHash[...] == certID.issuerKeyHash
    }

    private static func randomNonce() throws -> Certificate.Extension {
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
        let value = try OCSPResponseDER.der(ASN1OctetString(contentBytes: bytes[...]))
        return Certificate.Extension(oid: OCSPRequestDER.nonceExtension, critical: false, value: value[...])
    }
}

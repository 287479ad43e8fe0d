package import AppStoreModels
package import Crypto
import Foundation

/// Verifies one compact JWS signed under Apple's chain and decodes its payload.
///
/// Order of checks: sizes and shape; header (`alg` pinned to ES256, `x5c` of three) and chain
/// (cached by header bytes); the ES256 signature over `header.payload` with the leaf's key;
/// payload decoding; and last, the chain's validity at the time the payload says it was
/// signed. Binding to an app and environment is the caller's next step.
package struct JWSVerifier: Sendable {
    /// A chain that passed the time-independent checks, with its leaf key ready to use.
    /// A class: a cache hit hands out one reference, not a copy of every field.
    package final class TrustedChain: Sendable {
        package let chain: AppleCertificateChain
        package let leafKey: P256.Signing.PublicKey

        init(chain: AppleCertificateChain, leafKey: P256.Signing.PublicKey) {
            self.chain = chain
            self.leafKey = leafKey
        }
    }

    package let trustedRoots: TrustedRoots
    package let limits: CompactJWS.Limits
    private let cache: ChainCache<TrustedChain>

    package init(trustedRoots: TrustedRoots, limits: CompactJWS.Limits = .init(), cacheCapacity: Int = 64) {
        self.trustedRoots = trustedRoots
        self.limits = limits
        self.cache = ChainCache(capacity: cacheCapacity)
    }

    /// Verifies `jws` and decodes its payload as `Payload`.
    /// - Parameter signedAt: the payload's signing time (`signedDate`), at which the chain must
    ///   have been valid; `nil` from it means the payload lacks the field.
    package func verify<Payload: Decodable>(
        _ jws: String, as type: Payload.Type, signedAt: (Payload) -> Timestamp?
    ) throws(VerificationError) -> (payload: Payload, chain: AppleCertificateChain) {
        var jws = jws
        let result = jws.withUTF8 { bytes in
            Result { () throws(VerificationError) in try verify(bytes, as: type, signedAt: signedAt) }
        }
        return try result.get()
    }

    package func verify<Payload: Decodable>(
        _ bytes: UnsafeBufferPointer<UInt8>, as type: Payload.Type, signedAt: (Payload) -> Timestamp?
    ) throws(VerificationError) -> (payload: Payload, chain: AppleCertificateChain) {
        let parts = try CompactJWS(bytes, limits: limits)
        let trusted = try trustedChain(header: UnsafeBufferPointer(rebasing: bytes[parts.header]))

        guard parts.signature.count == CompactJWS.signatureLength,
            let rawSignature = Base64.decodeURL(UnsafeBufferPointer(rebasing: bytes[parts.signature])),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: rawSignature)
        else {
            throw .invalidSignature(
                "signature is not \(CompactJWS.signatureLength) base64url characters of raw ES256 r||s")
        }
        let digest = SHA256.hash(data: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[parts.signingInput])))
        guard trusted.leafKey.isValidSignature(signature, for: digest) else {
            throw .invalidSignature("ES256 signature does not match the signed bytes under the leaf key")
        }

        guard let json = Base64.decodeURL(UnsafeBufferPointer(rebasing: bytes[parts.payload])) else {
            throw .malformed("JWS payload is not canonical unpadded base64url")
        }
        let payload: Payload
        do {
            payload = try JSONCoding.decodeStrict(Payload.self, from: json, maxDepth: 16)
        } catch {
            throw .malformed("JWS payload does not decode as \(Payload.self): \(error)")
        }
        guard let signedDate = signedAt(payload) else {
            throw .missingField("payload has no signing date to judge certificate validity at")
        }
        guard trusted.chain.isValid(atMilliseconds: signedDate.millisecondsSince1970) else {
            throw .certificateExpired(
                "certificate chain was not valid when the payload was signed (\(signedDate)); valid "
                    + "\(Timestamp(millisecondsSince1970: trusted.chain.validFrom)) to "
                    + "\(Timestamp(millisecondsSince1970: trusted.chain.validUntil))")
        }
        return (payload, trusted.chain)
    }

    private func trustedChain(header: UnsafeBufferPointer<UInt8>) throws(VerificationError) -> TrustedChain {
        if let cached = cache.value(for: header) { return cached }
        let certificates = try JWSHeader.certificates(fromSegment: header)
        let chain = try AppleCertificateChain(der: certificates, trustedRoots: trustedRoots)
        guard let leafKey = P256.Signing.PublicKey(chain.leaf.publicKey) else {
            throw .invalidCertificateChain("leaf key is not a P-256 key, so it cannot verify ES256")
        }
        let trusted = TrustedChain(chain: chain, leafKey: leafKey)
        cache.insert(trusted, for: header)
        return trusted
    }

    /// Chains currently cached (for tests and metrics).
    package var cachedChainCount: Int { cache.count }
}

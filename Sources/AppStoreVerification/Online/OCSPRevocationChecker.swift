public import Foundation
import Synchronization
@_spi(FixedExpiryValidationTime) import X509

/// Revocation checking with OCSP (RFC 6960) for the leaf and intermediate, through the
/// responders named in their Authority Information Access extensions.
///
/// Good answers are cached per chain for `cacheLifetime` (bounded), so steady-state online
/// verification adds no network round trip. Revocation and failures are never cached.
public struct OCSPRevocationChecker: RevocationChecking {
    private let transport: any OCSPTransport
    private let cacheLifetime: TimeInterval
    private let cache: GoodAnswerCache

    public init(transport: any OCSPTransport, cacheLifetime: TimeInterval = 3600, cacheCapacity: Int = 256) {
        self.transport = transport
        self.cacheLifetime = cacheLifetime
        self.cache = GoodAnswerCache(capacity: cacheCapacity)
    }

    public func check(_ chain: AppleCertificateChain, at time: Date) async throws(VerificationError) {
        let key = [chain.leaf.serialNumber.description, chain.intermediate.serialNumber.description]
        if let checkedAt = cache.lastGood(for: key), time.timeIntervalSince(checkedAt) < cacheLifetime,
            time >= checkedAt
        {
            return
        }
        // A certificate naming no responder cannot be checked; X509's policy would pass it.
        for (name, certificate) in [("leaf", chain.leaf), ("intermediate", chain.intermediate)] {
            let responders = (try? certificate.extensions.authorityInformationAccess)??.filter { $0.method == .ocspServer }
            guard let responders, !responders.isEmpty else {
                throw .invalidCertificateChain("the \(name) certificate names no OCSP responder, so revocation cannot be checked")
            }
        }
        let requester = RecordingRequester(transport: transport)
        let result: CertificateValidationResult
        var verifier = Verifier(rootCertificates: CertificateStore([chain.root])) {
            VettedCriticalExtensions()
            OCSPVerifierPolicy(failureMode: .hard, requester: requester, fixedExpiryValidationTime: time)
        }
        result = await verifier.validate(leaf: chain.leaf, intermediates: CertificateStore([chain.intermediate]))
        if let transportError = requester.transportError {
            throw .retryable("OCSP responder unreachable: \(transportError)")
        }
        switch result {
        case .validCertificate:
            cache.recordGood(for: key, at: time)
        case .couldNotValidate(let failures):
            guard !failures.isEmpty else {
                throw .retryable("OCSP check built no certificate chain to ask about")
            }
            let reasons = failures.map { String(describing: $0.policyFailureReason) }
            // OCSPVerifierPolicy words a verified `revoked` answer this way, and only after the
            // answer's signature, freshness, CertID and nonce have been checked. Other reasons can
            // quote a response (an answer about another certificate prints its status), so
            // matching "revoked" anywhere would turn an untrustworthy answer into a rejection.
            if reasons.contains(where: { $0.hasPrefix("revoked through OCSP") }) {
                throw .certificateRevoked("OCSP says a certificate is revoked: \(reasons.joined(separator: "; "))")
            }
            throw .retryable("OCSP answer unusable: \(reasons.joined(separator: "; "))")
        }
    }

    /// Claims the critical extensions `AppleCertificateChain` already enforced. `Verifier` refuses,
    /// before any policy runs, a certificate with a critical extension no policy claims, and
    /// Apple's chain (like the simulator's) marks basic constraints and key usage critical: without
    /// this no chain was ever built, so no OCSP request was ever made.
    private struct VettedCriticalExtensions: VerifierPolicy {
        let verifyingCriticalExtensions = Array(AppleCertificateChain.understoodCriticalExtensions)

        mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
            .meetsPolicy
        }
    }

    /// Hands requests to the transport and remembers whether the network failed. A failure is a
    /// *terminal* error for `OCSPVerifierPolicy`: its non-terminal errors pass the certificate
    /// even in hard-fail mode.
    private final class RecordingRequester: OCSPRequester, Sendable {
        let transport: any OCSPTransport
        private let failure = Mutex<String?>(nil)

        init(transport: any OCSPTransport) { self.transport = transport }

        var transportError: String? { failure.withLock { $0 } }

        func query(request: [UInt8], uri: String) async -> OCSPRequesterQueryResult {
            do {
                return .response(try await transport.post(request, to: uri))
            } catch {
                failure.withLock { $0 = String(describing: error) }
                return .terminalError(error)
            }
        }
    }

    /// How many chains have a cached good answer (never more than the capacity).
    public var cachedChainCount: Int { cache.count }

    /// When each chain last checked good, bounded by dropping the oldest.
    private final class GoodAnswerCache: Sendable {
        private let capacity: Int
        private let state = Mutex<[[String]: Date]>([:])

        init(capacity: Int) { self.capacity = capacity }

        var count: Int { state.withLock { $0.count } }

        func lastGood(for key: [String]) -> Date? { state.withLock { $0[key] } }

        func recordGood(for key: [String], at time: Date) {
            state.withLock { entries in
                if entries.count >= capacity, entries[key] == nil,
                    let oldest = entries.min(by: { $0.value < $1.value })?.key
                {
                    entries[oldest] = nil
                }
                entries[key] = time
            }
        }
    }
}

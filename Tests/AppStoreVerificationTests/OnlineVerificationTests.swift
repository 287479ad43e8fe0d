import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import AsyncHTTPClient
import Foundation
import NIOCore
import StorekeeperTesting
import Synchronization
import Testing
import X509

/// `OnlineSignedDataVerifier` end to end: a chain naming a real OCSP responder (the simulator's,
/// on loopback, over HTTP), data signed under it, and the production checker and HTTP transport.
///
/// Untrustworthy answers (wrong signer, another certificate, another nonce, stale, `tryLater`,
/// an unauthorized delegate) are `retryableVerificationFailure`: they say nothing about the
/// certificate, so they can be neither acceptance nor a final rejection of data that may be
/// genuine; a later attempt may reach an honest responder.
@Suite struct OnlineVerificationTests {
    /// A transaction signed under a chain naming `server`, and the pieces to verify it online.
    struct Fixture: Sendable {
        let signing: TestSigning
        let clock: TestClock
        let checker: OCSPRevocationChecker

        init(
            server: OCSPTestServer, clock: TestClock, checker: OCSPRevocationChecker? = nil,
            options: AppleShapedPKI.Options = .init()
        ) throws {
            var options = options
            options.ocspURL = options.ocspURL ?? server.ocspURL
            signing = try TestSigning(options: options)
            self.clock = clock
            self.checker = checker ?? Self.checker()
            let pki = signing.pki
            try server.updateResponder { responder in
                responder.authorities += OCSPResponder(pki: pki).authorities
            }
        }

        /// The transport's time limit. Generous: a debug build running the whole suite on two
        /// loaded cores can take over a second for one healthy loopback exchange.
        static let transportTimeout = TimeAmount.seconds(8)

        static func checker(cacheLifetime: TimeInterval = 600, capacity: Int = 16) -> OCSPRevocationChecker {
            OCSPRevocationChecker(
                transport: HTTPOCSPTransport(timeout: transportTimeout), cacheLifetime: cacheLifetime,
                cacheCapacity: capacity)
        }

        func verifier() throws -> OnlineSignedDataVerifier {
            let clock = clock
            return OnlineSignedDataVerifier(offline: try signing.verifier(), revocation: checker, clock: clock)
        }

        func signedTransaction(at date: Date? = nil) throws -> String {
            try signing.sign(signing.transaction(signedDate: Timestamp(date ?? clock.now)))
        }

        func verify(_ jws: String? = nil) async throws -> JWSTransactionDecodedPayload {
            try await verifier().verifyTransaction(jws ?? signedTransaction())
        }
    }

    private func expectRejected(
        _ code: VerificationError.Code, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("expected \(code), but it was accepted", sourceLocation: sourceLocation)
        } catch let error as VerificationError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.isRetryable == (code == .retryableVerificationFailure), sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Good answers and the cache

    @Test func goodAnswerIsAcceptedAndCachedForItsLifetime() async throws {
        let clock = TestClock(now: Date())
        try await OCSPTestServer.with(clock: clock) { server in
            let fixture = try Fixture(server: server, clock: clock, checker: Fixture.checker(cacheLifetime: 600))
            let jws = try fixture.signedTransaction()
            #expect(try await fixture.verify(jws).transactionId == "2000000847061981")
            #expect(server.requestCount == 2, "one request for the leaf, one for the intermediate")

            clock.advance(by: 599)
            _ = try await fixture.verify(jws)
            #expect(server.requestCount == 2, "within the cache lifetime no request is made")

            clock.advance(by: 2)
            _ = try await fixture.verify(jws)
            #expect(server.requestCount == 4, "after the lifetime the responder is asked again")
        }
    }

    @Test(arguments: [
        "responder ID by key", "delegated responder", "no nonce echoed", "GET instead of POST",
    ])
    func otherWellFormedAnswersAreAccepted(_ variant: String) async throws {
        let clock = TestClock(now: Date())
        try await OCSPTestServer.with(clock: clock) { server in
            var checker = Fixture.checker()
            if variant == "GET instead of POST" {
                checker = OCSPRevocationChecker(transport: GETOCSPTransport())
            }
            let fixture = try Fixture(server: server, clock: clock, checker: checker)
            try server.updateResponder { responder in
                switch variant {
                case "responder ID by key": responder.responderIDForm = .byKey
                case "delegated responder":
                    for index in responder.authorities.indices {
                        responder.authorities[index].delegate = try .mint(
                            for: responder.authorities[index], notValidBefore: clock.now - 3600,
                            notValidAfter: clock.now + 86400)
                    }
                case "no nonce echoed": responder.fault = .omitsNonce
                default: break
                }
            }
            _ = try await fixture.verify()
            #expect(server.requestCount == 2)
        }
    }

    @Test func theCacheNeverHoldsMoreThanItsCapacity() async throws {
        let clock = TestClock(now: Date())
        try await OCSPTestServer.with(clock: clock) { server in
            let checker = Fixture.checker(capacity: 3)
            var fixtures: [Fixture] = []
            var transactions: [String] = []
            for _ in 0..<6 {
                let fixture = try Fixture(server: server, clock: clock, checker: checker)
                fixtures.append(fixture)
                transactions.append(try fixture.signedTransaction())
                _ = try await fixture.verify(transactions.last)
                #expect(checker.cachedChainCount <= 3)
                clock.advance(by: 1)
            }
            #expect(checker.cachedChainCount == 3)
            #expect(server.requestCount == 12)
            // The three most recent chains are still cached; the oldest was dropped.
            for index in 3..<6 { _ = try await fixtures[index].verify(transactions[index]) }
            #expect(server.requestCount == 12)
            _ = try await fixtures[0].verify(transactions[0])
            #expect(server.requestCount == 14)
            #expect(checker.cachedChainCount == 3)
        }
    }

    // MARK: Revocation

    @Test(arguments: ["leaf", "intermediate"])
    func revokedCertificateIsRejected(_ which: String) async throws {
        let clock = TestClock(now: Date())
        try await OCSPTestServer.with(clock: clock) { server in
            let fixture = try Fixture(server: server, clock: clock)
            let pki = fixture.signing.pki
            try server.updateResponder { responder in
                try responder.revoke(
                    which == "leaf" ? pki.leaf : pki.intermediate, at: clock.now - 60, reason: .keyCompromise)
            }
            await expectRejected(.certificateRevoked) { _ = try await fixture.verify() }
            // A revocation is never cached as good: it is asked again and still rejected.
            await expectRejected(.certificateRevoked) { _ = try await fixture.verify() }
            #expect(server.requestCount == (which == "leaf" ? 2 : 4))
        }
    }

    // MARK: Network failures

    enum NetworkFailure: String, CaseIterable, Sendable {
        case closedPort, http500, slowResponder, stalledBody
    }

    @Test(arguments: NetworkFailure.allCases)
    func networkFailureIsRetryableNeverAcceptance(_ failure: NetworkFailure) async throws {
        let clock = TestClock(now: Date())
        if failure == .closedPort {
            // A responder that has stopped: its port no longer listens.
            let fixture = try await OCSPTestServer.with(clock: clock) { server in
                try Fixture(server: server, clock: clock)
            }
            await expectRejected(.retryableVerificationFailure) { _ = try await fixture.verify() }
            return
        }
        try await OCSPTestServer.with(clock: clock) { server in
            let fixture = try Fixture(server: server, clock: clock)
            switch failure {
            case .http500: server.setMode(.failing(status: 500))
            case .slowResponder: server.setMode(.slow(.seconds(60)))
            default: server.setMode(.stalledBody(.seconds(60)))
            }
            let started = ContinuousClock.now
            await expectRejected(.retryableVerificationFailure) { _ = try await fixture.verify() }
            // Nominally the transport's 8 s; the bound stays far below the 60 s stall with room
            // for a loaded machine.
            #expect(ContinuousClock.now - started < .seconds(30), "the transport's timeout bounds the wait")
            // Nothing was cached: once the responder answers, it is asked again.
            server.setMode(.answer)
            let before = server.requestCount
            _ = try await fixture.verify()
            #expect(server.requestCount == before + 2)
        }
    }

    // MARK: Untrustworthy answers

    enum BadAnswer: String, CaseIterable, Sendable {
        case signedByWrongKey, aboutAnotherRevokedCertificate, wrongNonce, stale, tryLater, delegateWithoutOCSPSigning
    }

    @Test(arguments: BadAnswer.allCases)
    func untrustworthyAnswerIsRetryableNeverAcceptance(_ bad: BadAnswer) async throws {
        let clock = TestClock(now: Date())
        try await OCSPTestServer.with(clock: clock) { server in
            let fixture = try Fixture(server: server, clock: clock)
            try server.updateResponder { responder in
                switch bad {
                case .signedByWrongKey: responder.fault = .signedByUnrelatedKey
                case .aboutAnotherRevokedCertificate:
                    let other = Certificate.SerialNumber()
                    responder.authorities[0].revoked[other] = .init(time: clock.now - 60, reason: .keyCompromise)
                    responder.fault = .answersFor(serial: other)
                case .wrongNonce: responder.fault = .wrongNonce
                case .stale: responder.fault = .stale
                case .tryLater: responder.fault = .unsuccessful(.tryLater)
                case .delegateWithoutOCSPSigning:
                    responder.authorities[0].delegate = try .mint(
                        for: responder.authorities[0], notValidBefore: clock.now - 3600,
                        notValidAfter: clock.now + 86400, ocspSigning: false)
                }
            }
            await expectRejected(.retryableVerificationFailure) { _ = try await fixture.verify() }
            #expect(server.requestCount >= 1)
        }
    }

    /// Without a responder named in the chain nothing can be checked: rejected, not passed.
    @Test func chainNamingNoResponderIsRejected() async throws {
        let clock = TestClock(now: Date())
        try await OCSPTestServer.with(clock: clock) { server in
            var options = AppleShapedPKI.Options()
            options.ocspURL = nil
            let signing = try TestSigning(options: options)
            let verifier = OnlineSignedDataVerifier(
                offline: try signing.verifier(), revocation: Fixture.checker(), clock: clock)
            let jws = try signing.sign(signing.transaction())
            _ = try signing.verifier().verifyTransaction(jws)
            await expectRejected(.invalidCertificateChain) { _ = try await verifier.verifyTransaction(jws) }
            #expect(server.requestCount == 0)
        }
    }

    // MARK: Validity judged now

    @Test func dataSignedByALeafThatHasSinceExpiredIsRejectedOnlineOnly() async throws {
        let clock = TestClock(now: Date())
        try await OCSPTestServer.with(clock: clock) { server in
            var options = AppleShapedPKI.Options()
            let leafFrom = clock.now - 400 * 86400
            options.leafValidity = leafFrom...(leafFrom + 365 * 86400)
            let fixture = try Fixture(server: server, clock: clock, options: options)
            let jws = try fixture.signedTransaction(at: leafFrom + 100 * 86400)

            let offline = try fixture.signing.verifier().verifyTransaction(jws)
            #expect(offline.transactionId == "2000000847061981", "offline judges validity at signedDate")
            await expectRejected(.certificateExpired) { _ = try await fixture.verify(jws) }
            #expect(server.requestCount == 0, "an expired chain is rejected before any OCSP request")
        }
    }
}

/// Sends OCSP requests as RFC 6960 Appendix A GETs (`<uri>/<url-encoded base64>`), to exercise
/// the responder's GET route through the real checker.
struct GETOCSPTransport: OCSPTransport {
    struct Failure: Error { var status: UInt }

    func post(_ request: [UInt8], to uri: String) async throws -> [UInt8] {
        let base64 = Data(request).base64EncodedString()
        let encoded = base64.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? base64
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: uri + "/" + encoded), timeout: .seconds(8))
        guard response.status.code == 200 else { throw Failure(status: response.status.code) }
        return Array(buffer: try await response.body.collect(upTo: 64 * 1024))
    }
}

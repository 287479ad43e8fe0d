import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Crypto
import Foundation
import Synchronization
import Testing

/// What the simulated App Store shows when a customer opens the subscription page, for each kind
/// of answer the app's server gives: the answer when it is valid, otherwise the default with the
/// reason. The app's server is a canned answer here (the simulator's judgement is under test), and
/// the request it receives is checked to be Apple-signed.
@Suite("Retention: what the simulated App Store shows")
struct RetentionDisplayTests {
    /// The app's server: answers what it is told, after checking the request verifies.
    final class CannedServer: RealtimeTransport {
        let answer = Mutex<(status: Int, body: String)>((200, "{}"))
        let received = Mutex<[DecodedRealtimeRequestBody]>([])
        let verifier: SignedDataVerifier

        init(verifier: SignedDataVerifier) { self.verifier = verifier }

        func post(_ body: [UInt8], to url: String) async -> RealtimeExchange {
            guard let request = try? verifier.verifyRealtimeRequestBody(body) else {
                return RealtimeExchange(result: .unsuccessfulHTTPResponseCode, status: 422, body: [], elapsed: .milliseconds(1))
            }
            received.withLock { $0.append(request) }
            let (status, text) = answer.withLock { $0 }
            return RealtimeExchange(
                result: status == 200 ? .success : .unsuccessfulHTTPResponseCode, status: status, body: Array(text.utf8),
                elapsed: .milliseconds(3))
        }
    }

    @Test("only a valid answer in time is shown; anything else shows the default, with the reason")
    func answersAreJudged() async throws {
        let server = CannedServer(
            verifier: SignedDataVerifier(
                trustedRoots: try SimulatorHarness.keys.trustedRoots,
                expectations: VerificationExpectations(environments: [.sandbox])))
        try await SimulatorHarness.with(realtimeTransport: server) { h in
            let api = try h.apiClient(.sandbox)
            let customer = SimulatorHarness.customer(.sandbox)
            let original = try await h.buy(DemoCatalog.monthly, account: customer)
            let noURL = try await h.simulator.openSubscriptionPage(originalTransactionId: original)
            #expect(noURL.shown == .nothing && noURL.fallback == .noRealtimeURL)

            try h.simulator.configureRetention(bundleId: SimulatorHarness.bundleId, environment: .sandbox, review: .manual)
            let approved = UUID()
            let pending = UUID()
            let fallback = UUID()
            for id in [approved, pending, fallback] {
                try await api.uploadRetentionMessage(
                    messageIdentifier: id, message: UploadMessageRequestBody(header: "Stay", body: "Please"))
            }
            for id in [approved, fallback] {
                try h.simulator.reviewRetention(id, state: .approved, bundleId: SimulatorHarness.bundleId, environment: .sandbox)
            }
            try await api.configureDefaultRetentionMessage(
                productId: DemoCatalog.monthly, locale: "en-US", request: DefaultConfigurationRequest(messageIdentifier: fallback))
            try await api.configureRealtimeURL(RealtimeURLConfiguration(realtimeURL: "https://app.example/retention"))

            func open(_ body: String, status: Int = 200) async throws -> RetentionDisplay {
                server.answer.withLock { $0 = (status, body) }
                return try await h.simulator.openSubscriptionPage(originalTransactionId: original)
            }
            let shown = try await open(#"{"message":{"messageIdentifier":"\#(approved)"}}"#)
            #expect(shown.shown == .message && shown.messageIdentifier == approved)
            let request = try #require(server.received.withLock { $0.last })
            #expect(request.originalTransactionId == original && request.productId == DemoCatalog.monthly)
            #expect(request.requestIdentifier == shown.requestIdentifier && request.userLocale == "en-US")

            let cases: [(Int, String, RetentionDisplay.Fallback)] = [
                (200, #"{"message":{"messageIdentifier":"\#(pending)"}}"#, .unapprovedMessage),
                (200, "{}", .invalidAnswer),
                (
                    200,
                    #"{"message":{"messageIdentifier":"\#(approved)"},"alternateProduct":{"messageIdentifier":"\#(approved)","productId":"\#(DemoCatalog.basicMonthly)"}}"#,
                    .invalidAnswer
                ),
                (200, #"{"alternateProduct":{"messageIdentifier":"\#(approved)","productId":"\#(DemoCatalog.monthly)"}}"#, .invalidAnswer),
                (500, "{}", .failed),
                (200, try Self.offer(approved, key: P256.Signing.PrivateKey(), keyId: "FORGED"), .invalidOffer),
            ]
            for (status, body, reason) in cases {
                let display = try await open(body, status: status)
                #expect(display.shown == .defaultMessage && display.fallback == reason && display.messageIdentifier == fallback, "\(body)")
            }
            let switched = try await open(
                #"{"alternateProduct":{"messageIdentifier":"\#(approved)","productId":"\#(DemoCatalog.basicMonthly)","billingPlanType":"MONTHLY"}}"#
            )
            #expect(switched.shown == .alternateProduct && switched.alternateProductId == DemoCatalog.basicMonthly)
            #expect(switched.billingPlanType == .monthly)

            let app = try h.simulator.credentials(bundleId: SimulatorHarness.bundleId)
            let offerKey = try #require(app.offerKeys.first)
            let signed = try Self.offer(
                approved, key: try P256.Signing.PrivateKey(pemRepresentation: try #require(offerKey.privateKeyPEM)), keyId: offerKey.keyId)
            let offered = try await open(signed)
            #expect(offered.shown == .promotionalOffer && offered.offerIdentifier == DemoCatalog.promotionalOfferId)

            try h.simulator.configureRetention(bundleId: SimulatorHarness.bundleId, environment: .sandbox, deadlineMilliseconds: 2)
            let late = try await open(#"{"message":{"messageIdentifier":"\#(approved)"}}"#)
            #expect(late.shown == .defaultMessage && late.fallback == .late)
        }
    }

    /// A promotional-offer answer with the earlier (V1) signature by `key`.
    static func offer(_ message: UUID, key: P256.Signing.PrivateKey, keyId: String) throws -> String {
        let signer = PromotionalOfferSigner(privateKey: key, keyId: keyId, issuerId: "", bundleId: SimulatorHarness.bundleId)
        let legacy = try signer.legacySignature(
            productId: DemoCatalog.monthly, offerId: DemoCatalog.promotionalOfferId, applicationUsername: "", timestamp: Date())
        let body = RealtimeResponseBody(
            promotionalOffer: RealtimePromotionalOffer(
                messageIdentifier: message,
                promotionalOfferSignatureV1: PromotionalOfferSignatureV1(
                    encodedSignature: legacy.signature, productId: DemoCatalog.monthly, nonce: legacy.nonce, timestamp: legacy.timestamp,
                    keyId: keyId, offerIdentifier: DemoCatalog.promotionalOfferId)))
        return String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
    }
}

import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Storekeeper
import StorekeeperLocal
import StorekeeperTesting
import Testing

/// Offers end to end: Storekeeper's signatures are accepted by the (simulated) App Store, its
/// intro-offer decisions bind StoreKit, and redemptions are tracked per customer.
@Suite struct OfferTests {
    /// SQLite always; PostgreSQL when `STOREKEEPER_TEST_POSTGRES_URL` is set.
    static let backends: [String] =
        ["sqlite"] + (ProcessInfo.processInfo.environment["STOREKEEPER_TEST_POSTGRES_URL"] == nil ? [] : ["postgres"])

    static func options(_ backend: String) -> LocalStack.Options {
        var options = LocalStack.Options()
        if backend == "postgres", let url = ProcessInfo.processInfo.environment["STOREKEEPER_TEST_POSTGRES_URL"] {
            options.backend = .postgres(url: url)
        }
        return options
    }

    @Test(arguments: backends)
    func promotionalSignatureIsAcceptedAndRedemptionsAreTracked(backend: String) async throws {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        try await StoreTestGate.stacks.run {
            try await LocalStack.run(Self.options(backend)) { stack in
                try stack.simulator.upsertAccount(SimulatedAccount(id: "offers-apple"))
                let client = StorekeeperClient(baseURL: stack.appURL, credential: stack.apiKey)

                // Not a subscriber yet: no promotional offer, but an intro offer.
                let early = try await client.post(
                    "/customers/offers-\(suffix)/offers/promotional",
                    ["productId": DemoCatalog.monthly, "offerId": DemoCatalog.promotionalOfferId])
                #expect(early.status == 409)
                let introBefore = try await client.get("/customers/offers-\(suffix)/offers/introductory/\(DemoCatalog.monthly)")
                #expect((introBefore.json["eligibility"] as? [String: Any])?["eligible"] as? Bool == true)

                // Subscribe with the free trial; the redemption is tracked.
                let trial = try await stack.simulator.purchase(
                    PurchaseRequest(
                        accountId: "offers-apple", bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly,
                        offer: PurchaseOffer(kind: .introductory)))
                let submitted = try await client.post(
                    "/purchases", ["customerId": "offers-\(suffix)", "signedTransaction": trial.signedTransaction])
                #expect(submitted.status == 200)

                // A second intro offer in the group is refused, and the signed decision says so.
                let introAfter = try await client.get("/customers/offers-\(suffix)/offers/introductory/\(DemoCatalog.yearly)")
                let eligibility = try #require(introAfter.json["eligibility"] as? [String: Any])
                #expect(eligibility["eligible"] as? Bool == false)
                #expect(eligibility["reason"] as? String == "subscribedBefore")
                let eligibilityJWS = try #require(introAfter.json["signature"] as? String)
                let claims = try #require(decodeClaims(eligibilityJWS))
                #expect(claims["allowIntroductoryOffer"] as? Bool == false)
                #expect(claims["aud"] as? String == "introductory-offer-eligibility")

                // Now a subscriber: the promotional offer is signed, and the App Store accepts both styles.
                let signed = try await client.post(
                    "/customers/offers-\(suffix)/offers/promotional",
                    ["productId": DemoCatalog.monthly, "offerId": DemoCatalog.promotionalOfferId, "applicationUsername": "user-42"])
                #expect(signed.status == 200, "\(String(decoding: signed.body, as: UTF8.self))")
                let legacy = try JSONDecoder().decode(
                    PromotionalOfferSigner.LegacySignature.self,
                    from: try JSONSerialization.data(withJSONObject: try #require(signed.json["legacy"] as? [String: Any])))
                try stack.simulator.upsertAccount(SimulatedAccount(id: "offers-apple-2"))
                let promoted = try await stack.simulator.purchase(
                    PurchaseRequest(
                        accountId: "offers-apple-2", bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly,
                        offer: PurchaseOffer(
                            kind: .promotional, offerId: DemoCatalog.promotionalOfferId, signature: legacy,
                            applicationUsername: "user-42")))
                #expect(promoted.transaction.offerType == .promotionalOffer)
                // The JWS style names one of the customer's transactions: only that Apple account may
                // redeem it — here after the trial subscription lapsed.
                try await stack.simulator.setAutoRenew(
                    originalTransactionId: try #require(trial.transaction.originalTransactionId), enabled: false)
                try await stack.simulator.advance(by: .twoMonths)
                let resigned = try await client.post(
                    "/customers/offers-\(suffix)/offers/promotional",
                    ["productId": DemoCatalog.monthly, "offerId": DemoCatalog.promotionalOfferId])
                let jws = try #require(resigned.json["jws"] as? String)
                let promotedJWS = try await stack.simulator.purchase(
                    PurchaseRequest(
                        accountId: "offers-apple", bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly,
                        offer: PurchaseOffer(kind: .promotional, offerId: DemoCatalog.promotionalOfferId, jws: jws)))
                #expect(promotedJWS.transaction.offerIdentifier == DemoCatalog.promotionalOfferId)
                try stack.simulator.upsertAccount(SimulatedAccount(id: "offers-apple-3"))
                await #expect(throws: (any Error).self) {
                    _ = try await stack.simulator.purchase(
                        PurchaseRequest(
                            accountId: "offers-apple-3", bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly,
                            offer: PurchaseOffer(kind: .promotional, offerId: DemoCatalog.promotionalOfferId, jws: jws)))
                }

                // A tampered signature is refused by the App Store.
                var tampered = legacy
                tampered.timestamp += 1
                try stack.simulator.upsertAccount(SimulatedAccount(id: "offers-apple-4"))
                await #expect(throws: (any Error).self) {
                    _ = try await stack.simulator.purchase(
                        PurchaseRequest(
                            accountId: "offers-apple-4", bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly,
                            offer: PurchaseOffer(
                                kind: .promotional, offerId: DemoCatalog.promotionalOfferId, signature: tampered,
                                applicationUsername: "user-42")))
                }

                _ = try await client.post(
                    "/purchases", ["customerId": "offers-\(suffix)", "signedTransaction": promoted.signedTransaction])
                let summary = try await client.get("/customers/offers-\(suffix)/offers")
                let redemptions = try #require(summary.json["redemptions"] as? [[String: Any]])
                // The trial; the legacy-signed pay-as-you-go offer (one redemption over its billed
                // periods, claimed when offers-1 presented it); the JWS-signed resubscription.
                #expect(redemptions.compactMap { $0["type"] as? String } == ["introductory", "promotional", "promotional"])
                let discrepancies = try await stack.store.read { try await $0.ledgerDiscrepancies() }
                #expect(discrepancies.isEmpty)
            }
        }
    }

    func decodeClaims(_ jws: String) -> [String: Any]? {
        let parts = jws.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

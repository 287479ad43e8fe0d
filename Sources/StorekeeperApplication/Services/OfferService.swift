package import AppStoreModels
public import AppStoreVerification
import Foundation
public import Storekeeper
package import StorekeeperStore

/// Offers: intro-offer eligibility decided by Storekeeper (and signed for StoreKit),
/// promotional offer signatures in both of Apple's styles, and the offers a customer redeemed.
public struct OfferService: Sendable {
    package let store: any PurchaseStore
    package let app: AppConfiguration
    package let now: any WallClock

    package init(
        store: any PurchaseStore, app: AppConfiguration, now: any WallClock
    ) {
        self.store = store
        self.app = app
        self.now = now
    }

    /// How many of a customer's transactions offer decisions look at.
    package static let historyLimit = 10_000

    public struct Summary: Sendable, Codable {
        public var redemptions: [OfferRules.Redemption]
        public var introductory: [OfferRules.IntroEligibility]
    }

    public struct IntroDecision: Sendable, Codable {
        public var eligibility: OfferRules.IntroEligibility
        /// The signed introductory-offer eligibility JWS StoreKit accepts, when a key is configured
        /// and the customer has a transaction to name.
        public var signature: String?
    }

    public struct PromotionalSignature: Sendable, Codable {
        public var productId: String
        public var offerId: String
        public var legacy: PromotionalOfferSigner.LegacySignature?
        public var jws: String?
    }

    private func purchases(_ customerId: CustomerID) async throws -> [AppleTransaction] {
        try await store.read { try await $0.transactions(customerId: customerId, limit: Self.historyLimit) }.map(\.transaction)
    }

    public func summary(_ customerId: CustomerID) async throws -> Summary {
        let purchases = try await purchases(customerId)
        let subscriptions = app.catalog.products.filter { $0.kind == .autoRenewableSubscription }
        return Summary(
            redemptions: OfferRules.redemptions(purchases),
            introductory: subscriptions.map {
                OfferRules.introEligibility(productId: $0.id, catalog: app.catalog, purchases: purchases, policy: app.policy.introOffers)
            })
    }

    public func introductory(_ customerId: CustomerID, productId: String) async throws -> IntroDecision {
        guard app.catalog[productId] != nil else {
            throw StorekeeperError(.unknownProduct, "unknown product \(productId)", kind: .rejected)
        }
        let purchases = try await purchases(customerId)
        let eligibility = OfferRules.introEligibility(
            productId: productId, catalog: app.catalog, purchases: purchases, policy: app.policy.introOffers)
        var signature: String?
        if let key = app.offerKey, let issuerId = app.serverAPI?.issuerId,
            let transaction = purchases.max(by: { $0.purchaseDate < $1.purchaseDate })
        {
            signature = try IntroductoryOfferEligibilitySigner(
                privateKey: key.privateKey, keyId: key.keyId, issuerId: issuerId, bundleId: app.bundleId
            ).signature(
                productId: productId, allowIntroductoryOffer: eligibility.eligible, transactionId: transaction.transactionId,
                issuedAt: now().date)
        }
        return IntroDecision(eligibility: eligibility, signature: signature)
    }

    /// Signs a promotional offer for a current or lapsed subscriber of the product's group.
    public func promotional(
        _ customerId: CustomerID, productId: String, offerId: String, applicationUsername: String?, actor: AuditActor
    ) async throws -> PromotionalSignature {
        guard let key = app.offerKey else {
            throw StorekeeperError(.notConfigured, "no subscription offer key is configured for this app", kind: .conflict)
        }
        guard app.catalog[productId]?.kind == .autoRenewableSubscription else {
            throw StorekeeperError(.unknownProduct, "\(productId) is not an auto-renewable subscription", kind: .rejected)
        }
        guard !offerId.isEmpty, offerId.utf8.count <= 64 else { throw StorekeeperError.invalidRequest("offerId must be 1–64 bytes") }
        let purchases = try await purchases(customerId)
        guard OfferRules.mayOfferPromotional(productId: productId, catalog: app.catalog, purchases: purchases) else {
            throw StorekeeperError(
                StorekeeperError.Code(rawValue: "notEligible"),
                "promotional offers are for current and lapsed subscribers of the product's group", kind: .conflict)
        }
        let now = now()
        let signer = PromotionalOfferSigner(
            privateKey: key.privateKey, keyId: key.keyId, issuerId: app.serverAPI?.issuerId ?? "", bundleId: app.bundleId)
        // The legacy signature covers the applicationUsername the app passes to StoreKit;
        // by default the customer's own id, hashed so it reveals nothing.
        let username = applicationUsername ?? Self.username(customerId)
        let legacy = try signer.legacySignature(
            productId: productId, offerId: offerId, applicationUsername: username, timestamp: now.date)
        var jws: String?
        if app.serverAPI?.issuerId != nil {
            let latest = purchases.max { $0.purchaseDate < $1.purchaseDate }
            jws = try signer.jwsSignature(
                productId: productId, offerIdentifier: offerId, transactionId: latest?.transactionId, issuedAt: now.date)
        }
        try await store.write { tx in
            try await tx.append(
                AuditEvent(
                    customerId: customerId, kind: "offer.signed", actor: actor, subject: productId,
                    details: ["offerId": offerId, "nonce": legacy.nonce.lowercasedString], createdAt: now))
        }
        return PromotionalSignature(productId: productId, offerId: offerId, legacy: legacy, jws: jws)
    }

    package static func username(_ customerId: CustomerID) -> String {
        Secrets.hash("storekeeper:" + customerId.rawValue)
    }
}

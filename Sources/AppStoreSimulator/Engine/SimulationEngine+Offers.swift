import AppStoreModels
import AppStoreVerification
import Crypto
import Foundation

extension SimulationEngine {
    /// Resolves and authorizes the offer a purchase asks for: intro eligibility per subscription
    /// group, promotional offer signatures, single-use offer codes, win-back eligibility.
    mutating func resolveOffer(
        for purchase: PurchaseRequest?, product: CatalogProduct, account: SimulatedAccount,
        existing: SimulatedSubscription?, at time: Timestamp
    ) throws(SimulatorError) -> AppliedOffer? {
        guard let purchase, let request = purchase.offer else { return nil }
        guard product.isAutoRenewable, let group = product.subscriptionGroupId else {
            throw .invalidRequest("\(product.productId) is not an auto-renewable subscription; it takes no offer")
        }
        let app = try app(purchase.bundleId)
        switch request.kind {
        case .introductory:
            guard let offer = product.introductoryOffer else {
                throw .invalidRequest("\(product.productId) has no introductory offer")
            }
            let eligible: Bool
            if let jws = request.jws {
                eligible = try introEligibility(jws, app: app, productId: product.productId, at: time)
            } else {
                eligible = !account.introOfferConsumedGroups.contains(group)
            }
            guard eligible else {
                throw .ineligible("account \(account.id) already used an introductory offer in group \(group)")
            }
            return AppliedOffer(type: .introductoryOffer, id: nil, config: offer)
        case .promotional:
            guard let offerId = request.offerId, let offer = product.promotionalOffers.first(where: { $0.id == offerId })
            else { throw .notFound("\(product.productId) has no promotional offer \(request.offerId ?? "(none)")") }
            try authorizePromotionalOffer(request, offerId: offerId, purchase: purchase, app: app, at: time)
            return AppliedOffer(type: .promotionalOffer, id: offerId, config: offer)
        case .offerCode:
            guard let code = request.code,
                let campaign = product.offerCodes.first(where: { $0.codes.contains(code) })
            else { throw .notFound("no offer code \(request.code ?? "(none)") for \(product.productId)") }
            guard !state.redeemedCodes.contains(code) else { throw .ineligible("offer code \(code) was already redeemed") }
            state.redeemedCodes.insert(code)
            return AppliedOffer(type: .offerCode, id: campaign.referenceName, config: campaign.offer)
        case .winBack:
            guard let offerId = request.offerId, let offer = product.winBackOffers.first(where: { $0.id == offerId }) else {
                throw .notFound("\(product.productId) has no win-back offer \(request.offerId ?? "(none)")")
            }
            guard let existing, existing.phase == .expired else {
                throw .ineligible("win-back offers are for churned subscribers; \(account.id) has no expired subscription in \(group)")
            }
            return AppliedOffer(type: .winBackOffer, id: offerId, config: offer)
        }
    }

    /// Checks a promotional offer's signature, legacy (`\u2063`-joined ECDSA) or JWS, against the
    /// app's offer keys; a signature is valid for 24 hours and its nonce for one use.
    private mutating func authorizePromotionalOffer(
        _ request: PurchaseOffer, offerId: String, purchase: PurchaseRequest, app: SimulatedApp, at time: Timestamp
    ) throws(SimulatorError) {
        let window: Int64 = 24 * 3_600_000
        if let signature = request.signature {
            guard let key = offerPublicKey(signature.keyIdentifier, app: app) else {
                throw .invalidOfferSignature("no offer key \(signature.keyIdentifier) for \(app.bundleId)")
            }
            let username = request.applicationUsername ?? purchase.appAccountToken?.lowercasedString ?? ""
            guard
                PromotionalOfferSigner.isValidLegacySignature(
                    signature, publicKey: key, bundleId: app.bundleId, productId: purchase.productId, offerId: offerId,
                    applicationUsername: username)
            else { throw .invalidOfferSignature("the promotional offer signature does not verify") }
            guard abs(time.millisecondsSince1970 - signature.timestamp) <= window else {
                throw .invalidOfferSignature("the promotional offer signature's timestamp is more than 24 hours away")
            }
            try useNonce(signature.nonce.lowercasedString)
        } else if let jws = request.jws {
            struct Claims: Decodable {
                var iss: String?
                var bid: String?
                var aud: String?
                var iat: Int64?
                var nonce: String?
                var productId: String?
                var offerIdentifier: String?
                var transactionId: String?
            }
            let token = try CompactJWT<Claims>(jws)
            guard let kid = token.header.kid, let key = offerPublicKey(kid, app: app), token.isSigned(by: key) else {
                throw .invalidOfferSignature("the promotional offer JWS is not signed by an offer key of \(app.bundleId)")
            }
            let claims = token.claims
            guard claims.aud == "promotional-offer", claims.bid == app.bundleId,
                claims.productId == purchase.productId, claims.offerIdentifier == offerId
            else { throw .invalidOfferSignature("the promotional offer JWS is for another app, product or offer") }
            if let issuer = app.apiKey?.issuerId, claims.iss != issuer {
                throw .invalidOfferSignature("the promotional offer JWS names issuer \(claims.iss ?? "(none)")")
            }
            guard let iat = claims.iat, abs(time.millisecondsSince1970 - iat * 1000) <= window else {
                throw .invalidOfferSignature("the promotional offer JWS was issued more than 24 hours away")
            }
            if let transactionId = claims.transactionId, state.transactions[transactionId]?.accountId != purchase.accountId {
                throw .invalidOfferSignature("the promotional offer JWS names a transaction of another customer")
            }
            try useNonce(claims.nonce ?? "")
        } else {
            throw .invalidOfferSignature("a promotional offer needs a signature or a JWS")
        }
    }

    private mutating func useNonce(_ nonce: String) throws(SimulatorError) {
        guard !nonce.isEmpty, state.usedOfferNonces.insert(nonce).inserted else {
            throw .invalidOfferSignature("the offer nonce \(nonce) was already used")
        }
    }

    /// An introductory offer eligibility JWS: signed by one of the app's keys, for this app and
    /// product, issued within the last 24 hours.
    private func introEligibility(
        _ jws: String, app: SimulatedApp, productId: String, at time: Timestamp
    )
        throws(SimulatorError) -> Bool
    {
        struct Claims: Decodable {
            var bid: String?
            var aud: String?
            var iat: Int64?
            var productId: String?
            var allowIntroductoryOffer: Bool?
        }
        let token = try CompactJWT<Claims>(jws)
        guard let kid = token.header.kid, let key = offerPublicKey(kid, app: app), token.isSigned(by: key),
            token.claims.aud == "introductory-offer-eligibility", token.claims.bid == app.bundleId,
            token.claims.productId == productId, let iat = token.claims.iat,
            abs(time.millisecondsSince1970 - iat * 1000) <= 24 * 3_600_000
        else { throw .invalidOfferSignature("the introductory offer eligibility JWS does not verify for \(productId)") }
        return token.claims.allowIntroductoryOffer ?? false
    }

    /// Offer keys sign offers; the In-App Purchase API key may too.
    func offerPublicKey(_ keyId: String, app: SimulatedApp) -> P256.Signing.PublicKey? {
        let pem =
            app.offerKeys.first { $0.keyId == keyId }?.publicKeyPEM
            ?? (app.apiKey?.keyId == keyId ? app.apiKey?.publicKeyPEM : nil)
        return pem.flatMap { try? P256.Signing.PublicKey(pemRepresentation: $0) }
    }
}

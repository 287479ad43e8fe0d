import AppStoreModels
import AppStoreVerification
import Foundation
import Storekeeper
import StorekeeperStore

/// Apple's `RealtimeResponseBody` for a decided answer. A default is an empty body: the App Store
/// treats it as no answer and shows the product's default message. A promotional offer is signed
/// with the app's subscription offer key: the JWS (V2, its `transactionId` the request's original
/// transaction) when the app has an issuer ID, else the earlier signature (V1) over the
/// subscription's app account token.
enum RetentionResponse {
    static func body(
        for answer: RetentionAnswerTemplate, app: AppConfiguration, originalTransactionId: String, productId: String,
        appAccountToken: UUID?, at now: Timestamp
    ) throws -> RealtimeResponseBody {
        switch answer.kind {
        case .message:
            return RealtimeResponseBody(message: RealtimeMessage(messageIdentifier: answer.messageIdentifier))
        case .alternateProduct:
            return RealtimeResponseBody(
                alternateProduct: AlternateProduct(
                    messageIdentifier: answer.messageIdentifier, productId: answer.productId,
                    billingPlanType: answer.billingPlanType.map(BillingPlanType.init(rawValue:))))
        case .promotionalOffer:
            guard let key = app.offerKey, let offerId = answer.offerId else {
                throw StorekeeperError(.notConfigured, "no subscription offer key is configured for this app", kind: .conflict)
            }
            let signer = PromotionalOfferSigner(
                privateKey: key.privateKey, keyId: key.keyId, issuerId: app.serverAPI?.issuerId ?? "", bundleId: app.bundleId)
            var offer = RealtimePromotionalOffer(messageIdentifier: answer.messageIdentifier)
            if app.serverAPI?.issuerId != nil {
                offer.promotionalOfferSignatureV2 = try signer.jwsSignature(
                    productId: productId, offerIdentifier: offerId, transactionId: originalTransactionId, issuedAt: now.date)
            } else {
                let legacy = try signer.legacySignature(
                    productId: productId, offerId: offerId, applicationUsername: appAccountToken?.lowercasedString ?? "",
                    timestamp: now.date)
                offer.promotionalOfferSignatureV1 = PromotionalOfferSignatureV1(
                    encodedSignature: legacy.signature, productId: productId, nonce: legacy.nonce, timestamp: legacy.timestamp,
                    keyId: legacy.keyIdentifier, offerIdentifier: offerId, appAccountToken: appAccountToken)
            }
            return RealtimeResponseBody(promotionalOffer: offer)
        default:
            return RealtimeResponseBody()
        }
    }

    /// The timeline's details of an answered request (no secrets: the signature is not kept).
    static func details(_ record: RetentionRequestRecord) -> [String: String] {
        var details = ["answer": record.answerKind.rawValue, "productId": record.productId, "locale": record.locale]
        details["rule"] = record.ruleId
        details["messageIdentifier"] = record.messageIdentifier?.lowercasedString
        details["alternateProductId"] = record.alternateProductId
        details["offerId"] = record.offerId
        details["reason"] = record.reason
        details["serverMicroseconds"] = String(record.serverMicroseconds)
        return details
    }
}

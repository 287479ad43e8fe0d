import AppStoreModels
import AppStoreVerification
import Foundation

/// The App Store's side of a real-time retention request: the signed request it sends when a
/// customer opens a subscription page, and what it then shows — the answer when it is in time,
/// well formed and names approved content and a valid offer, otherwise the default message.
extension SimulationEngine {
    /// A signed request about `originalTransactionId`'s subscription, and where it goes.
    struct RealtimeCall: Sendable {
        var url: String?
        var body: [UInt8]
        var request: DecodedRealtimeRequestBody
        var bundleId: String
    }

    mutating func realtimeCall(
        originalTransactionId: String, locale: String, requestIdentifier: UUID, at time: Timestamp
    ) throws(SimulatorError) -> RealtimeCall {
        let subscription = try subscription(originalTransactionId)
        let app = try app(subscription.bundleId)
        let request = DecodedRealtimeRequestBody(
            originalTransactionId: originalTransactionId, appAppleId: app.appAppleId, productId: subscription.productId,
            userLocale: locale, requestIdentifier: requestIdentifier, environment: subscription.environment, signedDate: time)
        let body: [UInt8]
        do {
            body = Array(try JSONEncoder().encode(RealtimeRequestBody(signedPayload: try sign(request))))
        } catch let error as SimulatorError {
            throw error
        } catch {
            throw .invalidRequest("the real-time request does not encode: \(error)")
        }
        return RealtimeCall(
            url: retention(subscription.bundleId, subscription.environment).realtimeURL, body: body, request: request,
            bundleId: subscription.bundleId)
    }

    /// Decides what the customer sees for `call`'s answer and records it.
    mutating func showRetention(
        _ call: RealtimeCall, exchange: RealtimeExchange?, networkDelayMilliseconds: Int64, at time: Timestamp
    ) -> RetentionDisplay {
        let request = call.request
        let environment = request.environment ?? .sandbox
        let setup = retention(call.bundleId, environment)
        var display = RetentionDisplay(
            requestIdentifier: request.requestIdentifier ?? UUID.random(), originalTransactionId: request.originalTransactionId ?? "",
            productId: request.productId ?? "", locale: request.userLocale ?? "", environment: environment, shown: .nothing,
            shownAt: time)
        let verdict: Result<RetentionDisplay, Fallback>
        if let exchange {
            let elapsed = Self.milliseconds(exchange.elapsed) + max(0, networkDelayMilliseconds)
            display.elapsedMilliseconds = elapsed
            if exchange.result != .success || exchange.status != 200 {
                verdict = .failure(Fallback(.failed, "answered \(exchange.status.map(String.init) ?? exchange.result.rawValue)"))
            } else if elapsed > setup.deadlineMilliseconds {
                verdict = .failure(Fallback(.late, "answered in \(elapsed) ms, after the \(setup.deadlineMilliseconds) ms deadline"))
            } else {
                verdict = judge(exchange.body, display: display, bundleId: call.bundleId, setup: setup)
            }
        } else {
            verdict = .failure(Fallback(.noRealtimeURL, "no real-time URL is configured"))
        }
        switch verdict {
        case .success(let shown):
            display = shown
        case .failure(let fallback):
            display.fallback = fallback.reason
            display.detail = fallback.detail
            let key = SimulatedRetention.defaultKey(productId: display.productId, locale: display.locale)
            if let id = setup.defaults[key], setup.messages[id]?.state == .approved {
                display.shown = .defaultMessage
                display.messageIdentifier = id
            }
        }
        // What the customer reads: the shown message's text, with its bullet points in order.
        if let id = display.messageIdentifier, let content = setup.messages[id]?.content {
            display.header = content.header
            display.body = content.body
            display.bulletPoints = content.bulletPoints?.map(\.text)
        }
        state.retention[Self.retentionKey(call.bundleId, environment), default: SimulatedRetention()].displays.append(display)
        return display
    }

    struct Fallback: Error {
        var reason: RetentionDisplay.Fallback
        var detail: String
        init(_ reason: RetentionDisplay.Fallback, _ detail: String) {
            self.reason = reason
            self.detail = detail
        }
    }

    private func judge(
        _ body: [UInt8], display: RetentionDisplay, bundleId: String, setup: SimulatedRetention
    ) -> Result<RetentionDisplay, Fallback> {
        guard let answer = try? JSONCoding.decode(RealtimeResponseBody.self, from: Data(body)) else {
            return .failure(Fallback(.invalidAnswer, "the answer is not a RealtimeResponseBody"))
        }
        let options = [answer.message != nil, answer.alternateProduct != nil, answer.promotionalOffer != nil].filter { $0 }
        guard options.count == 1 else {
            return .failure(Fallback(.invalidAnswer, "the answer carries \(options.count) options, not exactly one"))
        }
        var display = display
        if let message = answer.message {
            guard let id = message.messageIdentifier, let stored = setup.messages[id], stored.state == .approved,
                stored.imageIdentifiers.allSatisfy({ setup.images[$0]?.state == .approved })
            else { return .failure(Fallback(.unapprovedMessage, "the message is unknown or not approved")) }
            display.shown = .message
            display.messageIdentifier = id
            return .success(display)
        }
        if let alternate = answer.alternateProduct {
            guard let id = textOnlyApproved(alternate.messageIdentifier, setup) else {
                return .failure(Fallback(.unapprovedMessage, "the switch-plan message is unknown, not approved or has an image"))
            }
            guard let productId = alternate.productId, productId != display.productId,
                let target = try? product(productId, in: bundleId), target.isAutoRenewable,
                let current = try? product(display.productId, in: bundleId),
                target.subscriptionGroupId == current.subscriptionGroupId
            else { return .failure(Fallback(.invalidAnswer, "the alternate product is not another plan of the same group")) }
            display.shown = .alternateProduct
            display.messageIdentifier = id
            display.alternateProductId = productId
            display.billingPlanType = alternate.billingPlanType
            return .success(display)
        }
        guard let offer = answer.promotionalOffer, let id = textOnlyApproved(offer.messageIdentifier, setup) else {
            return .failure(Fallback(.unapprovedMessage, "the offer's message is unknown, not approved or has an image"))
        }
        switch offerIdentifier(of: offer, display: display, bundleId: bundleId) {
        case .success(let offerId):
            display.shown = .promotionalOffer
            display.messageIdentifier = id
            display.offerIdentifier = offerId
            display.promotionalOffer = offer
            return .success(display)
        case .failure(let fallback):
            return .failure(fallback)
        }
    }

    private func textOnlyApproved(_ id: UUID?, _ setup: SimulatedRetention) -> UUID? {
        guard let id, let message = setup.messages[id], message.state == .approved, message.imageIdentifiers.isEmpty else {
            return nil
        }
        return id
    }

    /// The offer a promotional-offer answer names, once its signature (V1 or V2, exactly one)
    /// verifies with one of the app's offer keys for this product and customer.
    private func offerIdentifier(
        of offer: RealtimePromotionalOffer, display: RetentionDisplay, bundleId: String
    ) -> Result<String, Fallback> {
        guard let app = try? app(bundleId), let product = try? product(display.productId, in: bundleId) else {
            return .failure(Fallback(.invalidOffer, "unknown app or product"))
        }
        let offerId: String
        switch (offer.promotionalOfferSignatureV1, offer.promotionalOfferSignatureV2) {
        case (let v1?, nil):
            let subscription = state.subscriptions[display.originalTransactionId]
            guard let key = offerPublicKey(v1.keyId, app: app), v1.productId == display.productId,
                v1.appAccountToken == nil || v1.appAccountToken == subscription?.appAccountToken,
                PromotionalOfferSigner.isValidLegacySignature(
                    PromotionalOfferSigner.LegacySignature(
                        keyIdentifier: v1.keyId, nonce: v1.nonce, timestamp: v1.timestamp, signature: v1.encodedSignature),
                    publicKey: key, bundleId: bundleId, productId: v1.productId, offerId: v1.offerIdentifier,
                    applicationUsername: v1.appAccountToken?.lowercasedString ?? "")
            else { return .failure(Fallback(.invalidOffer, "the V1 offer signature does not verify")) }
            offerId = v1.offerIdentifier
        case (nil, let v2?):
            struct Claims: Decodable {
                var bid: String?
                var aud: String?
                var productId: String?
                var offerIdentifier: String?
                var transactionId: String?
            }
            guard let token = try? CompactJWT<Claims>(v2), let kid = token.header.kid, let key = offerPublicKey(kid, app: app),
                token.isSigned(by: key), token.claims.aud == "promotional-offer", token.claims.bid == bundleId,
                token.claims.productId == display.productId, token.claims.transactionId == display.originalTransactionId,
                let id = token.claims.offerIdentifier
            else { return .failure(Fallback(.invalidOffer, "the V2 offer signature does not verify for this customer")) }
            offerId = id
        default:
            return .failure(Fallback(.invalidOffer, "an offer needs exactly one of the V1 and V2 signatures"))
        }
        guard product.promotionalOffers.contains(where: { $0.id == offerId }) else {
            return .failure(Fallback(.invalidOffer, "\(display.productId) has no promotional offer \(offerId)"))
        }
        return .success(offerId)
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

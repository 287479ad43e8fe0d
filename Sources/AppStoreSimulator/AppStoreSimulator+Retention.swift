public import AppStoreModels
public import Foundation

extension AppStoreSimulator {
    /// A simulated customer opens the subscription page of `originalTransactionId`: the App Store
    /// sends the signed real-time request to the app's URL of the subscription's environment and
    /// shows the answer if it is valid and in time, else the default message. The answer's time is
    /// the server's plus `networkDelayMilliseconds` (a slow network, injected without waiting).
    public func openSubscriptionPage(
        originalTransactionId: String, locale: String = "en-US", networkDelayMilliseconds: Int64 = 0
    ) async throws -> RetentionDisplay {
        let call = try mutate { (engine, now) throws(SimulatorError) in
            try engine.realtimeCall(
                originalTransactionId: originalTransactionId, locale: locale, requestIdentifier: UUID.random(), at: now)
        }
        return try await deliver(call, networkDelayMilliseconds: networkDelayMilliseconds)
    }

    /// Sends `call` (a request sent twice keeps its identifier: a replay) and records what was shown.
    func deliver(_ call: SimulationEngine.RealtimeCall, networkDelayMilliseconds: Int64) async throws -> RetentionDisplay {
        var exchange: RealtimeExchange?
        if let url = call.url { exchange = await realtimeTransport.post(call.body, to: url) }
        let answered = exchange
        return mutate { engine, now in
            engine.showRetention(call, exchange: answered, networkDelayMilliseconds: networkDelayMilliseconds, at: now)
        }
    }

    /// Sends the exact signed request of an earlier display again, as an attacker replaying a
    /// captured request would; the display it records shows what the App Store would have made
    /// of the answer.
    public func replayRetentionRequest(_ requestIdentifier: UUID) async throws -> (body: [UInt8], exchange: RealtimeExchange?) {
        let call = try mutate { (engine, now) throws(SimulatorError) -> SimulationEngine.RealtimeCall in
            guard
                let display = engine.state.retention.values.lazy.flatMap(\.displays).first(where: {
                    $0.requestIdentifier == requestIdentifier
                })
            else { throw .notFound("no retention request \(requestIdentifier)") }
            var call = try engine.realtimeCall(
                originalTransactionId: display.originalTransactionId, locale: display.locale,
                requestIdentifier: requestIdentifier, at: display.shownAt)
            call.request.signedDate = display.shownAt
            return call
        }
        guard let url = call.url else { return (call.body, nil) }
        return (call.body, await realtimeTransport.post(call.body, to: url))
    }

    /// The customer accepts the promotional offer a display showed: a purchase of the same
    /// product with the answer's signature (`OFFER_REDEEMED`, the offer from the next renewal).
    public func acceptRetentionOffer(_ requestIdentifier: UUID) async throws -> PurchaseResult {
        let (display, subscription) = try mutate { (engine, _) throws(SimulatorError) in
            guard
                let display = engine.state.retention.values.lazy.flatMap(\.displays).first(where: {
                    $0.requestIdentifier == requestIdentifier
                }), display.shown == .promotionalOffer
            else { throw .notFound("no promotional offer was shown for retention request \(requestIdentifier)") }
            return (display, try engine.subscription(display.originalTransactionId))
        }
        guard let offer = display.promotionalOffer else { throw SimulatorError.notFound("the display kept no offer") }
        var purchaseOffer = PurchaseOffer(kind: .promotional, offerId: display.offerIdentifier)
        if let v1 = offer.promotionalOfferSignatureV1 {
            purchaseOffer.signature = .init(
                keyIdentifier: v1.keyId, nonce: v1.nonce, timestamp: v1.timestamp, signature: v1.encodedSignature)
            purchaseOffer.applicationUsername = v1.appAccountToken?.lowercasedString ?? ""
        } else {
            purchaseOffer.jws = offer.promotionalOfferSignatureV2
        }
        return try await purchase(
            PurchaseRequest(
                accountId: subscription.accountId, bundleId: subscription.bundleId, productId: display.productId,
                appAccountToken: subscription.appAccountToken, offer: purchaseOffer))
    }

    /// The control API's review of an uploaded message or image.
    public func reviewRetention(
        _ id: UUID, state: RetentionReviewState, bundleId: String, environment: AppStoreEnvironment
    ) throws {
        try mutate { (engine, _) throws(SimulatorError) in
            try engine.reviewRetention(id, state: state, bundleId: bundleId, environment: environment)
        }
    }

    /// How uploads are reviewed and how long an answer may take, for one app and environment.
    public func configureRetention(
        bundleId: String, environment: AppStoreEnvironment, review: SimulatedRetention.Review? = nil,
        deadlineMilliseconds: Int64? = nil
    ) throws {
        try mutate { (engine, _) throws(SimulatorError) in
            _ = try engine.app(bundleId)
            var setup = engine.retention(bundleId, environment)
            if let review { setup.review = review }
            if let deadlineMilliseconds {
                guard deadlineMilliseconds >= 0 else { throw .invalidRequest("the deadline must not be negative") }
                setup.deadlineMilliseconds = deadlineMilliseconds
            }
            engine.state.retention[SimulationEngine.retentionKey(bundleId, environment)] = setup
        }
    }

    /// The app's Retention Messaging setup in `environment`, as Apple keeps it.
    public func retentionSetup(bundleId: String, environment: AppStoreEnvironment) -> SimulatedRetention {
        engine.withLock { $0.retention(bundleId, environment) }
    }
}

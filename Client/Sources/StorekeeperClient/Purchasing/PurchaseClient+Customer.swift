public import StorekeeperAPIModels

extension PurchaseClient {
    /// Reads the customer from Storekeeper. A verified answer replaces the cached customer and
    /// is published to ``changes()``; an unverified one throws and changes nothing.
    @discardableResult
    public func refresh() async throws -> CustomerBody {
        let body = try await connection.verifiedCall("GET", customerPath, as: CustomerBody.self)
        accept(body)
        return body
    }

    /// Restores purchases: `AppStore.sync()`, then every current entitlement submitted to
    /// Storekeeper (which grants nothing twice). Returns the transactions Storekeeper recorded.
    @discardableResult
    public func restore() async throws -> [String] {
        try await storeKit.sync()
        let proofs = await storeKit.currentEntitlements().map(\.signedTransaction)
        guard !proofs.isEmpty else {
            try await refresh()
            return []
        }
        var restored: [String] = []
        // The route takes at most 100 proofs at once.
        for start in stride(from: 0, to: proofs.count, by: 100) {
            let chunk = Array(proofs[start..<min(start + 100, proofs.count)])
            let answer = try await connection.verifiedCall(
                "POST", customerPath + "/restore", body: RestoreRequest(signedTransactions: chunk), as: RestoreResponse.self)
            restored += answer.restored
            accept(answer.customer)
        }
        return restored
    }

    /// Spends virtual currency once per `idempotencyKey`: retrying with the same key after an
    /// error or an unverified answer can never spend twice. Throws `rejected` with
    /// `insufficientFunds` when the balance is too low.
    public func spend(
        _ amount: Int64, of currency: String, idempotencyKey: String, reference: String? = nil
    ) async throws -> SpendResponse {
        let result = try await connection.verifiedCall(
            "POST", customerPath + "/spend",
            body: SpendRequest(currency: currency, amount: amount, idempotencyKey: idempotencyKey, reference: reference),
            as: SpendResponse.self)
        if var body = customer {
            body.balances[currency] = result.balance
            accept(body)
        }
        return result
    }

    /// Records whether the customer consents to sharing consumption data with Apple.
    public func setConsumptionConsent(_ consented: Bool, playTimeMinutes: Int64? = nil) async throws -> ConsumptionConsentResponse {
        try await connection.verifiedCall(
            "PUT", customerPath + "/consumption-consent",
            body: ConsumptionConsentRequest(consented: consented, playTimeMinutes: playTimeMinutes),
            as: ConsumptionConsentResponse.self)
    }

    /// A signature for a promotional offer, to pass to StoreKit with the purchase.
    public func promotionalOffer(
        productId: String, offerId: String, applicationUsername: String? = nil
    ) async throws -> PromotionalSignatureResponse {
        try await connection.verifiedCall(
            "POST", customerPath + "/offers/promotional",
            body: PromotionalOfferRequest(productId: productId, offerId: offerId, applicationUsername: applicationUsername),
            as: PromotionalSignatureResponse.self)
    }

    /// Whether the customer may take `productId`'s introductory offer, as Storekeeper decides it.
    public func introductoryOffer(productId: String) async throws -> IntroDecisionResponse {
        try await connection.verifiedCall(
            "GET", customerPath + "/offers/introductory/" + StorekeeperConnection.segment(productId),
            as: IntroDecisionResponse.self)
    }

    /// The offers the customer redeemed and the introductory offers they may still take.
    public func offers() async throws -> OfferSummaryResponse {
        try await connection.verifiedCall("GET", customerPath + "/offers", as: OfferSummaryResponse.self)
    }
}

import AppStoreModels
import AppStoreVerification
import Foundation

extension SimulationEngine {
    /// Signs `payload` with the simulator's leaf key and chain.
    func sign<Payload: Encodable>(_ payload: Payload) throws(SimulatorError) -> String {
        do {
            return try signer.sign(payload)
        } catch {
            throw SimulatorError(.signingFailed, "signing failed: \(error)")
        }
    }

    /// The transaction as Apple signs it at `time`.
    func signedTransaction(_ transaction: StoredTransaction, at time: Timestamp) throws(SimulatorError) -> String {
        var payload = transaction.payload
        payload.signedDate = time
        return try sign(payload)
    }

    func signedTransaction(id: String, at time: Timestamp) throws(SimulatorError) -> String {
        try signedTransaction(transaction(id), at: time)
    }

    /// The subscription's renewal information as of `time`.
    func renewalInfo(for subscription: SimulatedSubscription, at time: Timestamp) -> JWSRenewalInfoDecodedPayload {
        let latest = state.transactions[subscription.latestTransactionId]
        let inRetry = subscription.phase == .gracePeriod || subscription.phase == .billingRetry
        var info = JWSRenewalInfoDecodedPayload(
            originalTransactionId: subscription.originalTransactionId, productId: subscription.productId,
            autoRenewProductId: subscription.autoRenewProductId,
            autoRenewStatus: subscription.autoRenewEnabled ? .on : .off,
            expirationIntent: inRetry || subscription.phase == .expired ? subscription.expirationIntent : nil,
            gracePeriodExpiresDate: inRetry ? subscription.gracePeriodExpiresDate : nil,
            isInBillingRetryPeriod: inRetry,
            priceIncreaseStatus: subscription.priceIncrease.map {
                $0.applies ? .consentedOrNotified : .notResponded
            },
            signedDate: time, environment: subscription.environment,
            recentSubscriptionStartDate: subscription.recentSubscriptionStartDate,
            renewalDate: subscription.expiresDate,
            appAccountToken: subscription.appAccountToken, appTransactionId: latest?.payload.appTransactionId)
        if let pending = subscription.pendingOffer {
            info.offerType = pending.offerType
            info.offerIdentifier = pending.offerId
            info.offerDiscountType = pending.offer.mode.discountType
            info.offerPeriod = pending.offer.offerPeriod.description
        }
        if let price = nextRenewalPrice(of: subscription) {
            info.renewalPrice = price
            info.currency = state.storefronts[subscription.storefront]?.currency
        }
        if let seats = subscription.seatGroup {
            info.renewalQuantity = seats.renewalQuantity
            info.multiSeatInfo = RenewalMultiSeatInfo(
                renewalPriceTiers: [MultiSeatPriceTier(tierPrice: seats.pricePerSeat, tierQuantity: seats.renewalQuantity)])
        }
        if let commitment = subscription.commitment {
            info.renewalBillingPlanType = .monthly
            info.commitmentInfo = commitment.renewalInfo(autoRenewProductId: subscription.autoRenewProductId)
        }
        if subscription.phase == .expired, !subscription.autoRenewEnabled || subscription.expirationIntent != nil,
            let product = state.apps[subscription.bundleId]?.products[subscription.productId]
        {
            let ids = product.winBackOffers.compactMap(\.id)
            info.eligibleWinBackOfferIds = ids.isEmpty ? nil : ids
        }
        return info
    }

    func signedRenewalInfo(for subscription: SimulatedSubscription, at time: Timestamp) throws(SimulatorError) -> String {
        try sign(renewalInfo(for: subscription, at: time))
    }

    /// What the next renewal charges: an offer's price, an applying price increase, a
    /// grandfathered price, or the catalog price.
    func nextRenewalPrice(of subscription: SimulatedSubscription) -> Int64? {
        if let pending = subscription.pendingOffer {
            return pending.offer.price(in: subscription.storefront)
        }
        let productId = subscription.autoRenewProductId
        if let increase = subscription.priceIncrease, increase.productId == productId, increase.applies {
            return increase.newPrice
        }
        if productId == subscription.productId, let grandfathered = subscription.renewalPriceOverride {
            return grandfathered
        }
        return state.apps[subscription.bundleId]?.products[productId]?.price(in: subscription.storefront)
    }

    /// The app transaction as Apple signs it at `time`.
    func appTransactionPayload(_ record: AppTransactionRecord, at time: Timestamp) throws(SimulatorError) -> AppTransaction {
        let app = try app(record.bundleId)
        let environment = state.accounts[record.accountId]?.environment ?? .sandbox
        return AppTransaction(
            receiptType: environment, appAppleId: app.reportedAppAppleId(in: environment), bundleId: app.bundleId,
            applicationVersion: app.applicationVersion,
            versionExternalIdentifier: environment == .production ? 800_000_000 + (Int64(app.bundleVersion) ?? 0) : 0,
            receiptCreationDate: time, originalPurchaseDate: record.originalPurchaseDate,
            originalApplicationVersion: record.originalApplicationVersion, appTransactionId: record.appTransactionId,
            originalPlatform: .iOS)
    }

    func signedAppTransaction(_ record: AppTransactionRecord, at time: Timestamp) throws(SimulatorError) -> String {
        try sign(appTransactionPayload(record, at: time))
    }
}

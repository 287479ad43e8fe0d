import AppStoreModels
import Foundation

extension SimulationEngine {
    /// The customer turns auto-renew off or on (`DID_CHANGE_RENEWAL_STATUS`).
    mutating func setAutoRenew(_ originalTransactionId: String, enabled: Bool, at time: Timestamp) throws(SimulatorError) {
        var subscription = try subscription(originalTransactionId)
        guard !subscription.followsPurchaser else { throw .invalidState("only the purchaser controls auto-renew") }
        guard subscription.phase != .expired, subscription.phase != .revoked else {
            throw .invalidState("subscription \(originalTransactionId) has ended; buy it again to resubscribe")
        }
        // Under a 12-month commitment the customer turns the commitment's renewal off or on; the
        // monthly billings of the commitment continue either way (`autoRenewStatus` stays 1).
        let current = subscription.commitment?.renews ?? subscription.autoRenewEnabled
        guard current != enabled else {
            throw .invalidState("auto-renew of \(originalTransactionId) is already \(enabled ? "on" : "off")")
        }
        if subscription.commitment != nil {
            subscription.commitment?.renews = enabled
        } else {
            subscription.autoRenewEnabled = enabled
        }
        store(subscription)
        let subtype: NotificationSubtype = enabled ? .autoRenewEnabled : .autoRenewDisabled
        try notify(
            .didChangeRenewalStatus, subtype, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
            subscription: subscription, at: time)
        try mirrorFamilyEvent(subscription, type: .didChangeRenewalStatus, subtype: subtype, newTransaction: nil, at: time)
    }

    /// The customer picks another plan in the group from the subscription settings.
    mutating func changeRenewalPreference(
        _ originalTransactionId: String, to productId: String, at time: Timestamp
    ) throws(SimulatorError) -> PurchaseResult {
        let subscription = try subscription(originalTransactionId)
        let product = try product(productId, in: subscription.bundleId)
        guard product.subscriptionGroupId == subscription.groupId else {
            throw .invalidRequest("\(productId) is not in subscription group \(subscription.groupId)")
        }
        return try changeProduct(subscription, to: product, request: nil, at: time)
    }

    /// A price increase for a product in one storefront. New purchases pay `newPrice` at once;
    /// each active subscriber keeps the old price until the increase applies to them:
    /// `PRICE_INCREASE` / `PENDING` when it needs consent, `ACCEPTED` when it only needs notice.
    /// Returns the original transaction IDs notified.
    mutating func increasePrice(
        bundleId: String, productId: String, storefront: String, newPrice: Int64, requiresConsent: Bool,
        at time: Timestamp
    ) throws(SimulatorError) -> [String] {
        var product = try product(productId, in: bundleId)
        guard product.isAutoRenewable else { throw .invalidRequest("\(productId) is not an auto-renewable subscription") }
        let oldPrice = product.price(in: storefront)
        product.prices[storefront] = newPrice
        state.apps[bundleId]?.products[productId] = product
        isDirty = true
        let affected = state.subscriptions.values.filter {
            $0.bundleId == bundleId && $0.autoRenewProductId == productId && $0.storefront == storefront
                && !$0.isFamilyShared && $0.phase != .expired && $0.phase != .revoked
        }
        var notified: [String] = []
        for var subscription in affected.sorted(by: { $0.originalTransactionId < $1.originalTransactionId }) {
            if subscription.productId == productId, subscription.renewalPriceOverride == nil {
                subscription.renewalPriceOverride = oldPrice
            }
            subscription.priceIncrease = .init(
                productId: productId, newPrice: newPrice, requiresConsent: requiresConsent, consented: false)
            store(subscription)
            try notifyPriceIncrease(subscription, subtype: requiresConsent ? .pending : .accepted, at: time)
            notified.append(subscription.originalTransactionId)
        }
        return notified
    }

    /// The customer consents to a price increase (`PRICE_INCREASE` / `ACCEPTED`).
    mutating func consentToPriceIncrease(_ originalTransactionId: String, at time: Timestamp) throws(SimulatorError) {
        var subscription = try subscription(originalTransactionId)
        guard let increase = subscription.priceIncrease, !increase.applies else {
            throw .invalidState("subscription \(originalTransactionId) has no price increase awaiting consent")
        }
        subscription.priceIncrease?.consented = true
        store(subscription)
        try notifyPriceIncrease(subscription, subtype: .accepted, at: time)
    }

    private mutating func notifyPriceIncrease(
        _ subscription: SimulatedSubscription, subtype: NotificationSubtype, at time: Timestamp
    ) throws(SimulatorError) {
        try notify(
            .priceIncrease, subtype, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
            subscription: subscription, at: time)
        try mirrorFamilyEvent(subscription, type: .priceIncrease, subtype: subtype, newTransaction: nil, at: time)
    }

    /// Apple sets or replaces the app account token of an original transaction (Set App Account
    /// Token): every transaction of the purchase and the subscription's future renewals.
    mutating func setAppAccountToken(_ originalTransactionId: String, token: UUID) throws(SimulatorError) {
        let ids = state.transactions.values.filter { $0.originalTransactionId == originalTransactionId }.map(\.transactionId)
        guard !ids.isEmpty else { throw .notFound("no transaction \(originalTransactionId)") }
        for id in ids.sorted() { modifyTransaction(id) { $0.appAccountToken = token } }
        if var subscription = state.subscriptions[originalTransactionId] {
            subscription.appAccountToken = token
            store(subscription)
        }
    }
}

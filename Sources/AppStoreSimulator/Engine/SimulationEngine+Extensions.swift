import AppStoreModels
import Foundation

extension SimulationEngine {
    /// Extend a Subscription Renewal Date: validated like Apple's endpoint; at most two
    /// extensions per subscription in 365 days; a repeated request identifier is answered again
    /// without extending twice. Sends `RENEWAL_EXTENDED`.
    mutating func extendRenewalDate(
        _ originalTransactionId: String, request: ExtendRenewalDateRequest, bundleId: String,
        environment: AppStoreEnvironment, at time: Timestamp
    ) throws(APIRequestError) -> ExtendRenewalDateResponse {
        try validateExtension(days: request.extendByDays, reason: request.extendReasonCode, id: request.requestIdentifier)
        guard var subscription = state.subscriptions[originalTransactionId], subscription.bundleId == bundleId,
            subscription.environment == environment
        else { throw APIRequestError(.originalTransactionIdNotFound, reason: "Original transaction id not found.") }
        if let earlier = subscription.extensionResponses[request.requestIdentifier] { return earlier }
        guard !subscription.isFamilyShared else {
            throw APIRequestError(
                .familySharedSubscriptionExtensionIneligible,
                reason: "Family Sharing subscriptions aren't eligible for a renewal date extension.")
        }
        guard subscription.phase == .active else {
            throw APIRequestError(.subscriptionExtensionIneligible, reason: "Subscription is not eligible for extension.")
        }
        guard recentExtensions(of: subscription, at: time) < 2 else {
            throw APIRequestError(.subscriptionMaxExtension, reason: "Subscription has reached the maximum extension count.")
        }
        let response = try apply(request.extendByDays, to: &subscription, requestIdentifier: request.requestIdentifier, at: time)
        return response
    }

    private func recentExtensions(of subscription: SimulatedSubscription, at time: Timestamp) -> Int {
        let yearAgo = time.adding(milliseconds: -durations.interval(days: 365))
        return subscription.extensionDates.filter { $0 > yearAgo }.count
    }

    private mutating func apply(
        _ days: Int32, to subscription: inout SimulatedSubscription, requestIdentifier: String, at time: Timestamp
    ) throws(APIRequestError) -> ExtendRenewalDateResponse {
        let newExpiry = subscription.expiresDate.adding(milliseconds: durations.interval(days: Int(days)))
        subscription.expiresDate = newExpiry
        subscription.extensionDates.append(time)
        modifyTransaction(subscription.latestTransactionId) { $0.expiresDate = newExpiry }
        let response = ExtendRenewalDateResponse(
            originalTransactionId: subscription.originalTransactionId,
            webOrderLineItemId: state.transactions[subscription.latestTransactionId]?.payload.webOrderLineItemId,
            success: true, effectiveDate: newExpiry)
        subscription.extensionResponses[requestIdentifier] = response
        store(subscription)
        do {
            try notify(
                .renewalExtended, bundleId: subscription.bundleId, environment: subscription.environment,
                accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
                subscription: subscription, at: time)
        } catch {
            throw APIRequestError(.generalInternal, reason: "An unknown error occurred.")
        }
        return response
    }

    private func validateExtension(days: Int32, reason: ExtendReasonCode, id: String) throws(APIRequestError) {
        guard (1...90).contains(days) else {
            throw APIRequestError(.invalidExtendByDays, reason: "Invalid extend by days value.")
        }
        guard reason.isKnown else { throw APIRequestError(.invalidExtendReasonCode, reason: "Invalid extend reason code.") }
        guard !id.isEmpty, id.count <= 128 else {
            throw APIRequestError(.invalidRequestIdentifier, reason: "Invalid request identifier.")
        }
    }

    /// Extend Subscription Renewal Dates for All Active Subscribers, completed at once: each
    /// active subscriber of the product (in the storefronts) gets `RENEWAL_EXTENDED`, each that
    /// cannot be extended `RENEWAL_EXTENSION` / `FAILURE`, then `RENEWAL_EXTENSION` / `SUMMARY`.
    mutating func extendAllRenewalDates(
        _ request: MassExtendRenewalDateRequest, bundleId: String, environment: AppStoreEnvironment, at time: Timestamp
    ) throws(APIRequestError) -> MassExtendRenewalDateResponse {
        try validateExtension(days: request.extendByDays, reason: request.extendReasonCode, id: request.requestIdentifier)
        if state.massExtensions[request.requestIdentifier] != nil {
            return MassExtendRenewalDateResponse(requestIdentifier: request.requestIdentifier)
        }
        guard let product = state.apps[bundleId]?.products[request.productId], product.isAutoRenewable else {
            throw APIRequestError(.invalidProductId, reason: "Invalid product id.")
        }
        if let codes = request.storefrontCountryCodes {
            guard !codes.isEmpty else {
                throw APIRequestError(.invalidEmptyStorefrontCountryCodeList, reason: "Invalid request. Empty storefront list.")
            }
            guard codes.allSatisfy({ state.storefronts[$0] != nil }) else {
                throw APIRequestError(.invalidStorefrontCountryCode, reason: "Invalid storefront country code.")
            }
        }
        let candidates = state.subscriptions.values.filter {
            $0.bundleId == bundleId && $0.environment == environment && $0.productId == request.productId
                && !$0.isFamilyShared && [.active, .gracePeriod, .billingRetry].contains($0.phase)
                && (request.storefrontCountryCodes?.contains($0.storefront) ?? true)
        }
        var succeeded: Int64 = 0
        var failed: Int64 = 0
        for var subscription in candidates.sorted(by: { $0.originalTransactionId < $1.originalTransactionId }) {
            if subscription.phase == .active, recentExtensions(of: subscription, at: time) < 2 {
                _ = try apply(request.extendByDays, to: &subscription, requestIdentifier: request.requestIdentifier, at: time)
                succeeded += 1
            } else {
                failed += 1
                try notifyOrInternal { (engine) throws(SimulatorError) -> NotificationRecord in
                    try engine.notify(
                        .renewalExtension, .failure, bundleId: bundleId, environment: environment,
                        accountId: subscription.accountId,
                        transaction: engine.state.transactions[subscription.latestTransactionId],
                        subscription: subscription, at: time)
                }
            }
        }
        let app = state.apps[bundleId]
        let summary = Summary(
            requestIdentifier: request.requestIdentifier, environment: environment,
            appAppleId: app?.reportedAppAppleId(in: environment), bundleId: bundleId, productId: request.productId,
            storefrontCountryCodes: request.storefrontCountryCodes, failedCount: failed, succeededCount: succeeded)
        try notifyOrInternal { (engine) throws(SimulatorError) -> NotificationRecord in
            try engine.notify(
                .renewalExtension, .summary, bundleId: bundleId, environment: environment, accountId: nil,
                summary: summary, at: time)
        }
        state.massExtensions[request.requestIdentifier] = MassExtensionRecord(
            requestIdentifier: request.requestIdentifier, bundleId: bundleId, environment: environment,
            productId: request.productId, storefrontCountryCodes: request.storefrontCountryCodes,
            extendByDays: request.extendByDays, completeDate: time, succeededCount: succeeded, failedCount: failed)
        return MassExtendRenewalDateResponse(requestIdentifier: request.requestIdentifier)
    }

    private mutating func notifyOrInternal(
        _ body: (inout SimulationEngine) throws(SimulatorError) -> NotificationRecord
    ) throws(APIRequestError) {
        do {
            _ = try body(&self)
        } catch {
            throw APIRequestError(.generalInternal, reason: "An unknown error occurred.")
        }
    }

    /// Restore purchases: every non-consumable, non-renewing and auto-renewable transaction of
    /// the account is re-issued with a new transaction ID for the same period: same
    /// `originalTransactionId`, `webOrderLineItemId`, `purchaseDate` and `expiresDate`
    /// (`seeds/003_*`: identify periods by `webOrderLineItemId`, never by `transactionId`).
    mutating func restorePurchases(
        account: String, bundleId: String, at time: Timestamp
    ) throws(SimulatorError)
        -> [StoredTransaction]
    {
        _ = try self.account(account)
        let restorable = state.transactions.values.filter {
            $0.accountId == account && $0.bundleId == bundleId && $0.restoredFrom == nil && !$0.isRevoked
                && $0.payload.type != .consumable
        }
        var issued: [StoredTransaction] = []
        for original in restorable.sorted(by: { $0.createdSequence < $1.createdSequence }) {
            var copy = original
            copy.payload.transactionId = state.counters.nextTransactionId()
            copy.restoredFrom = original.transactionId
            copy.createdSequence = state.counters.nextSequence()
            copy.modifiedSequence = copy.createdSequence
            copy.refundRequest = nil
            store(copy)
            issued.append(copy)
        }
        return issued
    }
}

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

    func recentExtensions(of subscription: SimulatedSubscription, at time: Timestamp) -> Int {
        let yearAgo = time.adding(milliseconds: -durations.interval(days: 365))
        return subscription.extensionDates.filter { $0 > yearAgo }.count
    }

    private mutating func apply(
        _ days: Int32, to subscription: inout SimulatedSubscription, requestIdentifier: String, at time: Timestamp
    ) throws(APIRequestError) -> ExtendRenewalDateResponse {
        do {
            return try extend(&subscription, by: days, requestIdentifier: requestIdentifier, at: time)
        } catch {
            throw APIRequestError(.generalInternal, reason: "An unknown error occurred.")
        }
    }

    /// Moves the subscription's renewal date `days` later and sends `RENEWAL_EXTENDED`.
    mutating func extend(
        _ subscription: inout SimulatedSubscription, by days: Int32, requestIdentifier: String, at time: Timestamp
    ) throws(SimulatorError) -> ExtendRenewalDateResponse {
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
        try notify(
            .renewalExtended, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
            subscription: subscription, at: time)
        return response
    }

    func validateExtension(days: Int32, reason: ExtendReasonCode, id: String) throws(APIRequestError) {
        guard (1...90).contains(days) else {
            throw APIRequestError(.invalidExtendByDays, reason: "Invalid extend by days value.")
        }
        guard reason.isKnown else { throw APIRequestError(.invalidExtendReasonCode, reason: "Invalid extend reason code.") }
        guard !id.isEmpty, id.count <= 128 else {
            throw APIRequestError(.invalidRequestIdentifier, reason: "Invalid request identifier.")
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

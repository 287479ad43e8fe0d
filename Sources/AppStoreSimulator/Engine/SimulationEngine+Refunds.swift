import AppStoreModels
import Foundation

extension SimulationEngine {
    /// The customer asks Apple for a refund: `CONSUMPTION_REQUEST` with the reason, and for an
    /// auto-renewable subscription Apple turns auto-renew off (`DID_CHANGE_RENEWAL_STATUS` /
    /// `AUTO_RENEW_DISABLED`).
    mutating func requestRefund(
        _ transactionId: String, reason: ConsumptionRequestReason, at time: Timestamp
    ) throws(SimulatorError) {
        var transaction = try transaction(transactionId)
        guard !transaction.isRevoked else { throw .invalidState("transaction \(transactionId) is already revoked") }
        guard transaction.payload.inAppOwnershipType != .familyShared else {
            throw .invalidState("only the purchaser can ask for a refund")
        }
        transaction.refundRequest = .init(reason: reason, requestedAt: time, declined: false)
        store(transaction)
        let subscription = subscription(of: transaction)
        try notify(
            .consumptionRequest, bundleId: transaction.bundleId, environment: transaction.environment,
            accountId: transaction.accountId, transaction: transaction, subscription: subscription,
            consumptionReason: reason, at: time)
        if let subscription, subscription.commitment?.renews ?? subscription.autoRenewEnabled, subscription.phase != .expired,
            subscription.phase != .revoked
        {
            try setAutoRenew(subscription.originalTransactionId, enabled: false, at: time)
        }
    }

    /// Apple grants a refund (`REFUND`): the transaction carries `revocationDate`,
    /// `revocationReason`, `revocationType` and `revocationPercentage`. Refunding a
    /// subscription's current period revokes the subscription (status 5). Family members lose
    /// their shared copies (`REVOKE`).
    mutating func refund(
        _ transactionId: String, reason: RevocationReason, percentage: Int32?, at time: Timestamp
    ) throws(SimulatorError) {
        let transaction = try transaction(transactionId)
        guard !transaction.isRevoked else { throw .invalidState("transaction \(transactionId) is already revoked") }
        guard transaction.payload.inAppOwnershipType != .familyShared else {
            throw .invalidState("family-shared transactions are revoked, not refunded")
        }
        if let percentage, !(1...100_000).contains(percentage) {
            throw .invalidRequest("revocation percentage \(percentage) is outside 1...100000 milli-percent")
        }
        let prorated = percentage.map { $0 < 100_000 } ?? false
        modifyTransaction(transactionId) {
            $0.revocationDate = time
            $0.revocationReason = reason
            $0.revocationType = prorated ? .refundProrated : .refundFull
            $0.revocationPercentage = percentage ?? 100_000
        }
        state.transactions[transactionId]?.refundRequest = nil
        var subscription = subscription(of: transaction)
        if var current = subscription, current.latestTransactionId == transactionId, !prorated {
            current.phase = .revoked
            current.autoRenewEnabled = false
            current.pendingOffer = nil
            store(current)
            subscription = current
        }
        try notify(
            .refund, bundleId: transaction.bundleId, environment: transaction.environment,
            accountId: transaction.accountId, transaction: state.transactions[transactionId],
            subscription: subscription, at: time)
        try revokeFamilySharing(of: transactionId, at: time)
    }

    /// Apple declines a refund request (`REFUND_DECLINED`).
    mutating func declineRefund(_ transactionId: String, at time: Timestamp) throws(SimulatorError) {
        var transaction = try transaction(transactionId)
        guard !transaction.isRevoked else { throw .invalidState("transaction \(transactionId) was refunded") }
        if let request = transaction.refundRequest {
            transaction.refundRequest = .init(reason: request.reason, requestedAt: request.requestedAt, declined: true)
            store(transaction)
        }
        try notify(
            .refundDeclined, bundleId: transaction.bundleId, environment: transaction.environment,
            accountId: transaction.accountId, transaction: transaction, subscription: subscription(of: transaction),
            at: time)
    }

    /// Apple reverses a refund after a dispute (`REFUND_REVERSED`): the revocation is lifted and a
    /// subscription revoked by it is reinstated for the rest of its period.
    mutating func reverseRefund(_ transactionId: String, at time: Timestamp) throws(SimulatorError) {
        let transaction = try transaction(transactionId)
        guard transaction.isRefunded else { throw .invalidState("transaction \(transactionId) is not refunded") }
        modifyTransaction(transactionId) {
            $0.revocationDate = nil
            $0.revocationReason = nil
            $0.revocationType = nil
            $0.revocationPercentage = nil
        }
        var subscription = subscription(of: transaction)
        if var current = subscription, current.latestTransactionId == transactionId, current.phase == .revoked {
            current.phase = time < current.expiresDate ? .active : .expired
            current.expirationIntent = current.phase == .expired ? .customerCancelled : nil
            store(current)
            subscription = current
        }
        try notify(
            .refundReversed, bundleId: transaction.bundleId, environment: transaction.environment,
            accountId: transaction.accountId, transaction: state.transactions[transactionId],
            subscription: subscription, at: time)
    }
}

import AppStoreModels
import Foundation
package import Storekeeper

/// Re-keys a purchase at Apple when support makes it another order's or customer's: Apple keeps
/// the `appAccountToken` a purchase was made with and sends it on every renewal, and a token
/// naming an order is evidence of whose the purchase is. So after an order correction's attach
/// the order's token, and after a transfer the token of an order made for the new owner, is
/// queued for Set App Account Token (``AppAccountTokenUpdate``) in the action's transaction,
/// audited with the operator's reason; the outbox sends it, retrying with backoff, and records
/// what Apple refuses as skipped.
package struct AppAccountTokenRekeying: Sendable {
    package let scope: OperatorActionScope

    /// The aggregates re-keying touches: the new owner's order, the outbox, the audit trail.
    package typealias Aggregates = OrderStoreWriter & OutboxStoreWriter & AuditStoreWriter

    package init(scope: OperatorActionScope) {
        self.scope = scope
    }

    /// After `transaction` was attached to `order`: Apple is asked to carry the order's token,
    /// unless the purchase already does.
    package func attached(_ transaction: AppleTransaction, to order: Order, in tx: any AppAccountTokenRekeying.Aggregates) async throws {
        guard transaction.appAccountToken != order.appAccountToken else { return }
        try await queue(
            AppAccountTokenUpdate(
                environment: transaction.environment, originalTransactionId: transaction.originalTransactionId,
                appAccountToken: order.appAccountToken, cause: AppAccountTokenUpdate.attach),
            customerId: order.customerId, orderId: order.id, in: tx)
    }

    /// After the purchase `key` moved to `target`: an order of the target for it (delivered, naming
    /// the purchase's latest transaction), whose token Apple is asked to carry, so that renewals
    /// name the new owner rather than the order of the customer it left.
    package func transferred(
        _ key: PurchaseKey, latest: AppleTransaction, to target: CustomerID, in tx: any AppAccountTokenRekeying.Aggregates
    ) async throws {
        let order = Order(
            customerId: target, productId: latest.productId, quantity: latest.quantity, state: .delivered,
            createdAt: scope.now, expiresAt: scope.now, environment: key.environment, transactionId: latest.transactionId)
        try await tx.insertOrder(order)
        try await queue(
            AppAccountTokenUpdate(
                environment: key.environment, originalTransactionId: key.originalTransactionId,
                appAccountToken: order.appAccountToken, cause: AppAccountTokenUpdate.transfer),
            customerId: target, orderId: order.id, in: tx)
    }

    private func queue(
        _ update: AppAccountTokenUpdate, customerId: CustomerID, orderId: UUID, in tx: any AppAccountTokenRekeying.Aggregates
    ) async throws {
        var details = [
            "originalTransactionId": update.originalTransactionId, "environment": update.environment,
            "appAccountToken": update.appAccountToken.lowercasedString, "orderId": orderId.lowercasedString,
            "cause": update.cause,
        ]
        // Without the App Store Server API for the purchase's environment nobody can ask Apple:
        // the correction stands, and the trail says Apple keeps the old token.
        guard scope.call.services.runtime.apple?.serverAPI[AppStoreEnvironment(rawValue: update.environment)] != nil else {
            details["reason"] = "the app has no App Store Server API key for \(update.environment)"
            try await tx.append(
                scope.audit(kind: "appAccountToken.notQueued", customerId: customerId, subject: update.subject, details: details))
            return
        }
        try await tx.enqueueOutbox(try update.message(appId: scope.app.id, customerId: customerId, at: scope.now))
        try await tx.append(
            scope.audit(kind: "appAccountToken.queued", customerId: customerId, subject: update.subject, details: details))
    }
}

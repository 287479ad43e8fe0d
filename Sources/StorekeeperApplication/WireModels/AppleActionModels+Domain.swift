package import AppStoreModels
package import Storekeeper
import StorekeeperAPIModels

// How the wire models of the actions at Apple (extensions, resyncs; `StorekeeperAPIModels`) are
// built from what Storekeeper stores and Apple answers.

extension SubscriptionSnapshot {
    package init(_ subscription: StoredSubscription) {
        self.init(
            originalTransactionId: subscription.originalTransactionId, environment: subscription.environment.rawValue,
            productId: subscription.productId, phase: subscription.phase, expiresAt: subscription.expiresAt?.millisecondsSince1970)
    }
}

extension MassExtensionBody {
    package init(_ record: MassExtensionRecord, status: MassExtendRenewalDateStatusResponse? = nil) {
        self.init(
            requestIdentifier: record.requestIdentifier, productId: record.productId, environment: record.environment.rawValue,
            days: record.days, reasonCode: record.reasonCode, storefronts: record.storefronts, requestedBy: record.operatorName,
            requestedAt: record.createdAt.millisecondsSince1970, complete: status?.complete,
            completeDate: status?.completeDate?.millisecondsSince1970, succeededCount: status?.succeededCount,
            failedCount: status?.failedCount)
    }
}

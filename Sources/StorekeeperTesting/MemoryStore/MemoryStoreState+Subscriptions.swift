import AppStoreModels
import Foundation
import Storekeeper

/// Subscriptions and grants (`SQLStore+Subscriptions`, `SQLStore+Grants`).
extension MemoryStoreState {
    func subscription(environment: AppStoreEnvironment, originalTransactionId: String) throws -> StoredSubscription? {
        try MemoryText.refuseNUL(environment.rawValue, originalTransactionId)
        return subscriptions[MemoryKey(environment, originalTransactionId)]
    }

    /// `environment, original_transaction_id`.
    func subscriptions(customerId: CustomerID) throws -> [StoredSubscription] {
        try MemoryText.refuseNUL(customerId.rawValue)
        return subscriptions.values.filter { $0.customerId == customerId }.sorted {
            Self.ordered(
                $0, $1,
                by: [
                    { Self.compareText($0.environment.rawValue, $1.environment.rawValue) },
                    { Self.compareText($0.originalTransactionId, $1.originalTransactionId) },
                ])
        }
    }

    /// `[lower, upper)`, `expires_at, environment, original_transaction_id`.
    func subscriptions(expiringIn window: Range<Timestamp>, limit: Int) throws -> [StoredSubscription] {
        try PurchaseStoreError.checkLimit(limit)
        let expiring = subscriptions.values.compactMap { subscription -> (StoredSubscription, Timestamp)? in
            guard let expiresAt = subscription.expiresAt, window.contains(expiresAt) else { return nil }
            return (subscription, expiresAt)
        }
        let rows = expiring.sorted {
            Self.ordered(
                $0, $1,
                by: [
                    { Self.compare($0.1, $1.1) },
                    { Self.compareText($0.0.environment.rawValue, $1.0.environment.rawValue) },
                    { Self.compareText($0.0.originalTransactionId, $1.0.originalTransactionId) },
                ])
        }.map(\.0)
        return try Self.limited(rows, limit)
    }

    /// Stored as the lifecycle decided it (an upsert by environment and original transaction ID).
    mutating func saveSubscription(_ subscription: StoredSubscription) throws {
        try MemoryText.refuseNUL(
            subscription.environment.rawValue, subscription.originalTransactionId, subscription.customerId.rawValue,
            subscription.productId, subscription.subscriptionGroup, subscription.phase)
        subscriptions[MemoryKey(subscription.environment, subscription.originalTransactionId)] = subscription
    }

    // MARK: Grants

    func grants(customerId: CustomerID) throws -> [EntitlementGrant] {
        try MemoryText.refuseNUL(customerId.rawValue)
        return grants[customerId] ?? []
    }

    /// Grants of another customer are refused.
    mutating func replaceGrants(customerId: CustomerID, grants replacement: [EntitlementGrant]) throws {
        if let stranger = replacement.first(where: { $0.customerId != customerId }) {
            throw PurchaseStoreError(.invalidArgument, "a grant of customer \(stranger.customerId) was given to replace \(customerId)'s")
        }
        try MemoryText.refuseNUL(customerId.rawValue)
        for grant in replacement {
            try MemoryText.refuseNUL(
                grant.entitlement, grant.productId, grant.source.environment.rawValue, grant.source.originalTransactionId,
                grant.source.transactionId)
        }
        grants[customerId] = replacement.isEmpty ? nil : replacement
    }
}

import AppStoreAPI
import AppStoreModels
import Foundation
import Storekeeper

/// Refreshes subscriptions from Apple around their expiry, so a renewal, a billing failure or an
/// expiry is known even when its notification never arrives.
public struct ExpiryRefresher: PeriodicJob {
    let store: any PurchaseStore
    let applier: FactApplier
    let apple: AppleConnection
    let now: @Sendable () -> Timestamp
    /// Subscriptions whose period ends within this window around now are refreshed, once per period.
    let windowMilliseconds: Int64 = 30 * 60_000
    let batch = 50

    public var name: String { "subscriptions.refresh.\(apple.app.id)" }

    public func runOnce() async throws -> Bool {
        let now = now()
        let window = now.adding(milliseconds: -windowMilliseconds)..<now.adding(milliseconds: windowMilliseconds)
        let due = try await store.read { try await $0.subscriptions(expiringIn: window, limit: batch) }
        var refreshed = 0
        for subscription in due where apple.serverAPI[subscription.environment] != nil {
            guard let expiresAt = subscription.expiresAt else { continue }
            let marker = "refreshed:\(subscription.environment.rawValue):\(subscription.originalTransactionId)"
            if try await store.read({ try await $0.watermark(marker) }) == String(expiresAt.millisecondsSince1970) {
                continue
            }
            let facts = try await apple.statusFacts(
                environment: subscription.environment, transactionId: subscription.originalTransactionId)
            try await store.write { tx in
                for fact in facts where fact.originalTransactionId == subscription.originalTransactionId {
                    _ = try await applier.applySubscriptionFact(
                        fact, actor: .job(name), factReference: "refresh:\(subscription.originalTransactionId)", now: now,
                        in: tx)
                }
                try await tx.setWatermark(marker, value: String(expiresAt.millisecondsSince1970))
            }
            refreshed += 1
        }
        return due.count == batch && refreshed > 0
    }
}

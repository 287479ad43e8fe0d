import AppStoreAPI
package import AppStoreModels
import Foundation
import Storekeeper
package import StorekeeperStore

/// Refreshes subscriptions from Apple around their expiry, so a renewal, a billing failure or an
/// expiry is known even when its notification never arrives.
public struct ExpiryRefresher: PeriodicJob {
    package let store: any PurchaseStore
    package let applier: FactApplier
    package let apple: AppleConnection
    package let now: any WallClock
    /// Subscriptions whose period ends within this window around now are refreshed, once per period.
    package let windowMilliseconds: Int64 = 30 * 60_000
    package let batch = 50

    package init(
        store: any PurchaseStore, applier: FactApplier, apple: AppleConnection, now: any WallClock
    ) {
        self.store = store
        self.applier = applier
        self.apple = apple
        self.now = now
    }

    public var name: String { "subscriptions.refresh.\(apple.app.id)" }

    public func runOnce() async throws -> Bool {
        let now = now()
        let window = now.adding(milliseconds: -windowMilliseconds)..<now.adding(milliseconds: windowMilliseconds)
        let due = try await store.read { try await $0.subscriptions(expiringIn: window, limit: batch) }
        var refreshed = 0
        // One subscription Apple cannot answer for (or whose answer fails) must not keep the
        // others from being refreshed: the pass goes on and reports the first failure at the end.
        var failure: (any Error)?
        // Subscriptions of every app expire together; this app refreshes its own customers'.
        for subscription in due
        where apple.serverAPI[subscription.environment] != nil && applier.app.owns(subscription.customerId) {
            guard let expiresAt = subscription.expiresAt else { continue }
            do {
                if try await refresh(subscription, expiresAt: expiresAt, now: now) { refreshed += 1 }
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return due.count == batch && refreshed > 0
    }

    /// Refreshes one subscription once per period; `false` when it was already refreshed.
    private func refresh(_ subscription: StoredSubscription, expiresAt: Timestamp, now: Timestamp) async throws -> Bool {
        let marker = "refreshed:\(subscription.environment.rawValue):\(subscription.originalTransactionId)"
        if try await store.read({ try await $0.watermark(marker) }) == String(expiresAt.millisecondsSince1970) {
            return false
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
        return true
    }
}

import AppStoreAPI
package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperStore

/// Resolves "lost orders" (`seeds/004_*`): orders still pending long after the customer paid,
/// because the app never handed over the proof. Storekeeper asks Apple for the customer's
/// transaction history (through any transaction it knows for them) and delivers the order whose
/// `appAccountToken` Apple returns.
public struct LostOrderResolver: PeriodicJob {
    package let store: any PurchaseStore
    package let applier: FactApplier
    package let apple: AppleConnection
    package let now: any WallClock
    /// An order pending at least this long is looked for at Apple.
    package let thresholdMilliseconds: Int64 = 10 * 60_000
    package let batch = 20

    package init(
        store: any PurchaseStore, applier: FactApplier, apple: AppleConnection, now: any WallClock
    ) {
        self.store = store
        self.applier = applier
        self.apple = apple
        self.now = now
    }

    public var name: String { "orders.recover.\(apple.app.id)" }

    public func runOnce() async throws -> Bool {
        let now = now()
        let stale = try await store.read {
            try await $0.staleOrders(updatedBefore: now.adding(milliseconds: -thresholdMilliseconds), limit: batch)
        }
        // One order Apple cannot answer for must not keep the others from being resolved: the
        // pass goes on and reports the first failure at the end.
        var failure: (any Error)?
        for order in stale where order.state == .pending {
            do {
                try await resolve(order, now: now)
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        // Unresolvable orders stay stale; looking again at once would only repeat the same calls.
        return false
    }

    /// Looks the order up in the customer's history at Apple and delivers it when Apple has the
    /// payment; returns whether it found one (reconciliation's lost-purchase lookup calls this too).
    @discardableResult
    package func resolve(_ order: Order, now: Timestamp) async throws -> Bool {
        // Orders of every app are stale together; this app's Apple pays only its own customers'.
        guard applier.app.owns(order.customerId) else { return false }
        guard let known = try await store.read({ try await $0.transactions(customerId: order.customerId, limit: 1) }).first,
            apple.serverAPI[known.transaction.environment] != nil
        else { return false }
        let history = try await apple.history(
            environment: known.transaction.environment, transactionId: known.transaction.transactionId)
        let paying = history.filter { $0.appAccountToken == order.appAccountToken && $0.productId == order.productId }
        guard !paying.isEmpty else { return false }
        _ = try await store.write { tx in
            try await applier.applyPresented(
                paying, renewals: [], by: order.customerId, orderId: order.id, actor: .job(name),
                fact: "history:\(known.transaction.transactionId)", now: now, in: tx)
        }
        return true
    }
}

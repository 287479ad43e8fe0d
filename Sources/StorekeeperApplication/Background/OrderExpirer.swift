package import AppStoreModels
import Foundation
import Storekeeper
package import StorekeeperStore

/// Expires created and pending orders past their lifetime. A payment that arrives later still
/// delivers (`OrderState.canMove`): the customer paid Apple.
public struct OrderExpirer: PeriodicJob {
    package let store: any PurchaseStore
    package let metrics: StorekeeperMetrics
    package let now: any WallClock
    package let batch: Int

    public var name: String { "orders.expire" }

    package init(store: any PurchaseStore, metrics: StorekeeperMetrics, now: any WallClock, batch: Int = 100) {
        self.store = store
        self.metrics = metrics
        self.now = now
        self.batch = batch
    }

    public func runOnce() async throws -> Bool {
        let now = now()
        let candidates = try await store.read { try await $0.staleOrders(updatedBefore: now, limit: batch) }
        var expired = 0
        for order in OrderBook.expired(candidates, at: now) {
            let changed = try await store.write { tx -> Bool in
                try await tx.lock(customer: order.customerId)
                guard let current = try await tx.order(id: order.id), !current.state.isFinal, current.expiresAt <= now,
                    let moved = try? OrderBook.move(current, to: .expired, at: now)
                else { return false }
                try await tx.updateOrder(moved)
                try await tx.append(
                    AuditEvent(
                        customerId: order.customerId, kind: "order.expired", actor: .job(name),
                        subject: "order:\(order.id.lowercasedString)", details: ["from": current.state.rawValue],
                        createdAt: now))
                return true
            }
            if changed {
                expired += 1
                metrics.orderFailed(reason: "expired")
            }
        }
        return candidates.count == batch && expired > 0
    }
}

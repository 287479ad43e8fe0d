package import AppStoreModels
package import Foundation
package import Logging
package import Storekeeper
package import StorekeeperStore
import Synchronization

/// The leases one outbox pass holds on the messages it claimed and has not recorded yet, renewed
/// while a delivery is in flight.
///
/// A lease is short (``OutboxDispatcher/defaultLeaseMilliseconds``), so the messages of an
/// instance that died mid-delivery are taken over by another instance soon after; an instance
/// that is alive renews them every `interval`, so a delivery slower than the lease (a slow
/// receiver, a long batch) is never sent twice under normal operation. Renewals stop before an
/// outcome is recorded: the outcome is recorded against the lease the store holds.
package final class OutboxLeases: Sendable {
    private let store: any PurchaseStore
    private let owner: String
    private let lease: Int64
    private let interval: Duration
    private let now: any WallClock
    private let logger: Logger
    /// Message id → the end of the lease this instance last set in the store.
    private let held: Mutex<[UUID: Timestamp]>

    package init(
        claimed: [OutboxMessage], store: any PurchaseStore, owner: String, lease: Int64, interval: Duration,
        now: any WallClock, logger: Logger
    ) {
        var held: [UUID: Timestamp] = [:]
        for message in claimed {
            if let until = message.leaseUntil { held[message.id] = until }
        }
        self.held = Mutex(held)
        self.store = store
        self.owner = owner
        self.lease = lease
        self.interval = interval
        self.now = now
        self.logger = logger
    }

    /// The end of the lease on `id` as the store holds it, or `nil` when it was lost.
    package func leaseUntil(_ id: UUID) -> Timestamp? {
        held.withLock { $0[id] }
    }

    /// Stops renewing `id` (its outcome is being recorded).
    package func release(_ id: UUID) {
        held.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Runs `body` while renewing every held lease each `interval`; when this returns, no renewal
    /// is running, so ``leaseUntil(_:)`` is what the store holds.
    package func whileRenewing<T: Sendable>(_ body: () async -> T) async -> T {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.renewUntilCancelled() }
            let result = await body()
            group.cancelAll()
            await group.waitForAll()
            return result
        }
    }

    private func renewUntilCancelled() async {
        while true {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            await renewOnce()
        }
    }

    /// Extends every held lease to `now + lease`. The write runs in its own task, so cancelling
    /// the renewals cannot leave the store and ``held`` disagreeing about a committed renewal.
    package func renewOnce() async {
        let current = held.withLock { $0 }
        guard !current.isEmpty else { return }
        let until = now().adding(milliseconds: lease)
        let store = store
        let owner = owner
        let outcome = await Task {
            try await store.write { tx in
                var renewed: [UUID: Bool] = [:]
                for (id, leaseUntil) in current.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
                    renewed[id] = try await tx.renewOutboxLease(id: id, owner: owner, leaseUntil: leaseUntil, newLeaseUntil: until)
                }
                return renewed
            }
        }.result
        switch outcome {
        case .success(let renewed):
            held.withLock { held in
                for (id, stillHeld) in renewed {
                    held[id] = stillHeld ? until : nil
                }
            }
            let lost = renewed.filter { !$0.value }.map(\.key)
            if !lost.isEmpty {
                logger.notice(
                    "outbox lease lost before renewal; another instance may send these messages",
                    metadata: ["storekeeper.messages": "\(lost)"])
            }
        case .failure(let error):
            // Nothing was renewed; the leases may run out and the messages be sent again
            // (delivery is at-least-once).
            logger.warning("could not renew outbox leases", metadata: ["storekeeper.error": "\(error)"])
        }
    }
}

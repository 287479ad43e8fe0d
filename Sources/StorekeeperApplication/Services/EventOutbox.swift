package import AppStoreModels
package import Storekeeper
import StorekeeperStore

/// Enqueues the events the domain builds for the app's backend (``AppEvents``) in the same
/// transaction as the change they report, so an event is sent if and only if the change
/// committed. `OutboxDispatcher` delivers them, signed, with retries; the event id is the
/// message id, identical on every retry.
package struct EventOutbox: Sendable {
    package let events: AppEvents

    package init(appId: String, webhooks: [AppConfiguration.Webhook]) {
        self.events = AppEvents(appId: appId, webhooks: webhooks.map(\.name))
    }

    package func entitlementsChanged(
        _ customerId: CustomerID, granted: [EntitlementGrant], removed: [EntitlementGrant], now: Timestamp,
        in tx: any OutboxStoreWriter
    ) async throws {
        try await enqueue(events.entitlementsChanged(customerId, granted: granted, removed: removed, at: now), in: tx)
    }

    package func walletChanged(_ entry: JournalEntry, balance: Int64, now: Timestamp, in tx: any OutboxStoreWriter) async throws {
        try await enqueue(events.walletChanged(entry, balance: balance, at: now), in: tx)
    }

    private func enqueue(_ messages: [OutboxMessage], in tx: any OutboxStoreWriter) async throws {
        for message in messages { try await tx.enqueueOutbox(message) }
    }
}

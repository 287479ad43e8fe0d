import AppStoreModels
import Foundation
import Storekeeper

/// Queues events for the app's backend in the same SQL transaction as the change they report,
/// so an event is sent if and only if the change committed. `OutboxDispatcher` delivers them,
/// signed, with retries; the event id is the message id, identical on every retry. Each message
/// names this app with the webhook (`WebhookDestination`), so it reaches only this app's backend.
struct EventOutbox: Sendable {
    let appId: String
    let webhooks: [AppConfiguration.Webhook]

    /// The body POSTed to a webhook.
    struct Event<Data: Encodable>: Encodable {
        /// The message id, lowercase like the `Storekeeper-Event-Id` header (`JSONEncoder` would
        /// write a `UUID` uppercase), so a backend deduplicating by either sees one id.
        var id: String
        var type: String
        var appId: String
        var customerId: CustomerID
        var occurredAt: Timestamp
        var data: Data
    }

    struct EntitlementsChanged: Encodable {
        struct Item: Encodable {
            var id: String
            var productId: String
            var startsAt: Timestamp
            var expiresAt: Timestamp?
            var source: String
        }
        var granted: [Item]
        var removed: [Item]
    }

    struct WalletChanged: Encodable {
        var currency: String
        var delta: Int64
        var balance: Int64
        var reason: String
        var key: String
    }

    func entitlementsChanged(
        _ customerId: CustomerID, granted: [EntitlementGrant], removed: [EntitlementGrant], now: Timestamp,
        in tx: any PurchaseStoreTransaction
    ) async throws {
        func item(_ grant: EntitlementGrant) -> EntitlementsChanged.Item {
            .init(
                id: grant.entitlement, productId: grant.productId, startsAt: grant.startsAt, expiresAt: grant.expiresAt,
                source: grant.source.description)
        }
        try await emit(
            "entitlements.changed", customerId: customerId,
            data: EntitlementsChanged(granted: granted.map(item), removed: removed.map(item)), now: now, in: tx)
    }

    func walletChanged(
        _ entry: JournalEntry, balance: Int64, now: Timestamp, in tx: any PurchaseStoreTransaction
    ) async throws {
        try await emit(
            "wallet.changed", customerId: entry.customerId,
            data: WalletChanged(
                currency: entry.currency, delta: entry.customerDelta, balance: balance, reason: entry.kind.rawValue,
                key: entry.key),
            now: now, in: tx)
    }

    func emit<Data: Encodable>(
        _ type: String, customerId: CustomerID, data: Data, now: Timestamp, in tx: any PurchaseStoreTransaction
    ) async throws {
        guard !webhooks.isEmpty else { return }
        let encoder = FastJSONEncoder()
        for webhook in webhooks {
            let id = UUID()
            let body = Foundation.Data(
                try encoder.encode(
                    Event(id: id.uuidString.lowercased(), type: type, appId: appId, customerId: customerId, occurredAt: now, data: data)))
            try await tx.enqueueOutbox(
                OutboxMessage(
                    id: id, destination: WebhookDestination(appId: appId, name: webhook.name).rawValue, kind: type, customerId: customerId,
                    payload: body,
                    createdAt: now, deadline: now.adding(milliseconds: 7 * 86_400_000)))
        }
    }
}

public import AppStoreModels
public import Foundation

/// The events Storekeeper sends an app's backend about a change (`entitlements.changed`,
/// `wallet.changed`), as the outbox messages that carry them: one per webhook of the app, each
/// addressed to that app's webhook (``WebhookDestination``), its body the event with the
/// message's id. Pure: the server enqueues what this returns in the transaction of the change it
/// reports, so an event is sent if and only if the change committed.
public struct AppEvents: Sendable {
    /// How long a message is retried before it is given up.
    public static let retentionMilliseconds: Int64 = 7 * 86_400_000

    public let appId: String
    /// The app's webhooks, by name.
    public let webhooks: [String]
    /// The id of each new message (random; tests pass their own sequence).
    let makeId: @Sendable () -> UUID

    public init(appId: String, webhooks: [String], makeId: @escaping @Sendable () -> UUID = UUID.init) {
        self.appId = appId
        self.webhooks = webhooks
        self.makeId = makeId
    }

    /// The body POSTed to a webhook.
    struct Event<Payload: Encodable>: Encodable {
        /// The message id, lowercase like the `Storekeeper-Event-Id` header (`JSONEncoder` would
        /// write a `UUID` uppercase), so a backend deduplicating by either sees one id.
        var id: String
        var type: String
        var appId: String
        var customerId: CustomerID
        var occurredAt: Timestamp
        var data: Payload
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

    /// `entitlements.changed`: what `customerId` was granted and lost.
    public func entitlementsChanged(
        _ customerId: CustomerID, granted: [EntitlementGrant], removed: [EntitlementGrant], at now: Timestamp
    ) throws -> [OutboxMessage] {
        func item(_ grant: EntitlementGrant) -> EntitlementsChanged.Item {
            .init(
                id: grant.entitlement, productId: grant.productId, startsAt: grant.startsAt, expiresAt: grant.expiresAt,
                source: grant.source.description)
        }
        return try messages(
            "entitlements.changed", customerId: customerId,
            data: EntitlementsChanged(granted: granted.map(item), removed: removed.map(item)), at: now)
    }

    /// `wallet.changed`: `entry` booked, leaving `balance`.
    public func walletChanged(_ entry: JournalEntry, balance: Int64, at now: Timestamp) throws -> [OutboxMessage] {
        try messages(
            "wallet.changed", customerId: entry.customerId,
            data: WalletChanged(
                currency: entry.currency, delta: entry.customerDelta, balance: balance, reason: entry.kind.rawValue,
                key: entry.key),
            at: now)
    }

    /// One message of `type` per webhook (none when the app has none).
    func messages<Payload: Encodable>(
        _ type: String, customerId: CustomerID, data: Payload, at now: Timestamp
    ) throws -> [OutboxMessage] {
        guard !webhooks.isEmpty else { return [] }
        let encoder = FastJSONEncoder()
        return try webhooks.map { name in
            let id = makeId()
            let body = Data(
                try encoder.encode(
                    Event(id: id.lowercasedString, type: type, appId: appId, customerId: customerId, occurredAt: now, data: data)))
            return OutboxMessage(
                id: id, destination: WebhookDestination(appId: appId, name: name).rawValue, kind: type, customerId: customerId,
                payload: body, createdAt: now, deadline: now.adding(milliseconds: Self.retentionMilliseconds))
        }
    }
}

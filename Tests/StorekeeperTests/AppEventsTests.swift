import AppStoreModels
import Foundation
import Storekeeper
import Synchronization
import Testing

/// The events for an app's backend, built without a store: one message per webhook, addressed to
/// the app's webhook, its body naming the message's id, and nothing without webhooks.
@Suite struct AppEventsTests {
    static let alice = CustomerID(rawValue: "alice")!
    static let now = Timestamp(millisecondsSince1970: 1_800_000_000_000)
    static let pack = Product(id: "pack", kind: .consumable, currencies: ["gems": 100])

    /// Ids 00000000-0000-0000-0000-00000000000N, in the order asked.
    static func events(webhooks: [String]) -> AppEvents {
        let next = Mutex(0)
        return AppEvents(appId: "app", webhooks: webhooks) {
            let n = next.withLock { counter -> Int in
                counter += 1
                return counter
            }
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!
        }
    }

    static func body(_ message: OutboxMessage) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: message.payload) as? [String: Any])
    }

    @Test func aWalletChangeIsOneMessagePerWebhookOfTheApp() throws {
        let transaction = AppleTransaction(
            environment: .sandbox, transactionId: "t-1", originalTransactionId: "o-1", productId: "pack",
            purchaseDate: Timestamp(millisecondsSince1970: 1), quantity: 2, signedDate: Timestamp(millisecondsSince1970: 1),
            source: .storeKit2)
        let entry = try #require(try PurchaseLedger.credits(transaction, to: Self.alice, product: Self.pack, at: Self.now).first)
        let messages = try Self.events(webhooks: ["backend", "audit"]).walletChanged(entry, balance: 250, at: Self.now)
        #expect(messages.map(\.destination) == ["app:app:webhook:backend", "app:app:webhook:audit"])
        #expect(messages.allSatisfy { $0.kind == "wallet.changed" && $0.customerId == Self.alice && $0.status == .pending })
        #expect(messages.allSatisfy { $0.createdAt == Self.now && $0.nextAttemptAt == Self.now })
        #expect(messages.allSatisfy { $0.deadline == Self.now.adding(milliseconds: 7 * 86_400_000) })
        let first = try Self.body(messages[0])
        #expect(first["id"] as? String == "00000000-0000-0000-0000-000000000001")
        #expect(messages[0].id.uuidString.lowercased() == "00000000-0000-0000-0000-000000000001")
        #expect(first["type"] as? String == "wallet.changed")
        #expect(first["appId"] as? String == "app")
        #expect(first["customerId"] as? String == "alice")
        #expect((first["occurredAt"] as? NSNumber)?.int64Value == Self.now.millisecondsSince1970)
        let data = try #require(first["data"] as? [String: Any])
        #expect(data["currency"] as? String == "gems")
        #expect((data["delta"] as? NSNumber)?.int64Value == 200)
        #expect((data["balance"] as? NSNumber)?.int64Value == 250)
        #expect(data["reason"] as? String == "credit")
        #expect(data["key"] as? String == "credit:Sandbox:t-1:gems")
        #expect(try Self.body(messages[1])["id"] as? String == "00000000-0000-0000-0000-000000000002")
    }

    @Test func anEntitlementChangeListsWhatWasGrantedAndRemoved() throws {
        let source = GrantSource(environment: .production, originalTransactionId: "o-9", transactionId: "t-9")
        let granted = EntitlementGrant(
            customerId: Self.alice, entitlement: "pro", productId: "pro.monthly", source: source,
            startsAt: Timestamp(millisecondsSince1970: 10), expiresAt: Timestamp(millisecondsSince1970: 20))
        let removed = EntitlementGrant(
            customerId: Self.alice, entitlement: "no_ads", productId: "no.ads", source: source,
            startsAt: Timestamp(millisecondsSince1970: 5), expiresAt: nil)
        let messages = try Self.events(webhooks: ["backend"]).entitlementsChanged(
            Self.alice, granted: [granted], removed: [removed], at: Self.now)
        #expect(messages.count == 1)
        #expect(messages[0].kind == "entitlements.changed")
        let data = try #require(try Self.body(messages[0])["data"] as? [String: Any])
        let added = try #require(data["granted"] as? [[String: Any]])
        #expect(added.count == 1)
        #expect(added.first?["id"] as? String == "pro")
        #expect(added.first?["productId"] as? String == "pro.monthly")
        #expect((added.first?["expiresAt"] as? NSNumber)?.int64Value == 20)
        #expect(added.first?["source"] as? String == "Production:t-9")
        let gone = try #require(data["removed"] as? [[String: Any]])
        #expect(gone.first?["id"] as? String == "no_ads")
        #expect(gone.first?.keys.contains("expiresAt") == false)
    }

    @Test func anAppWithoutWebhooksGetsNoMessage() throws {
        let source = GrantSource(environment: .sandbox, originalTransactionId: "o-1", transactionId: "t-1")
        let grant = EntitlementGrant(
            customerId: Self.alice, entitlement: "pro", productId: "pro", source: source, startsAt: Self.now, expiresAt: nil)
        #expect(try Self.events(webhooks: []).entitlementsChanged(Self.alice, granted: [grant], removed: [], at: Self.now).isEmpty)
    }
}

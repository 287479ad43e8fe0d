import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Testing

/// The outbox to the app's backend: entitlement and wallet changes caused by notifications arrive
/// signed, are retried with backoff while the backend fails, and carry the same event id on every
/// attempt.
@Suite struct NotificationOutboxTests {
    @Test(arguments: NotificationBackend.all)
    func eventsArriveSignedAndAreRetriedWithTheSameId(_ backend: NotificationBackend) async throws {
        let secret = "whsec-" + UUID().uuidString
        let name = "backend-" + UUID().uuidString.lowercased().prefix(8)
        try await WebhookReceiver.run(failuresPerEvent: 2) { receiver, url in
            try await NotificationHarness.run(
                backend, configure: { $0.webhooks = [.init(name: String(name), url: url, secret: secret)] }
            ) { h in
                let account = try h.account("apple")
                let quinn = h.customer("quinn")
                let gems = try await h.buy(quinn, account: account, DemoCatalog.gems, submit: false)
                let subscription = try await h.buy(quinn, account: account, DemoCatalog.monthly, submit: false)
                #expect(receiver.deliveries.isEmpty, "events are sent after commit, by the outbox")

                // Attempt 1: the backend fails; each message backs off about 10 s.
                var now = h.now
                try await h.runOutbox()
                let firstIds = Set(receiver.deliveries.compactMap(\.eventId))
                #expect(firstIds.count == 2)
                #expect(receiver.deliveries.allSatisfy { !$0.accepted })
                for id in firstIds {
                    let messageId = try #require(UUID(uuidString: id))
                    let message = try #require(try await h.store.read { try await $0.outboxMessage(id: messageId) })
                    #expect(message.status == .pending)
                    #expect(message.attempts == 1)
                    let wait = message.nextAttemptAt.millisecondsSince1970 - now.millisecondsSince1970
                    #expect((8_000...12_000).contains(wait), "first backoff \(wait) ms")
                }
                // Not due yet: nothing is sent.
                try await h.runOutbox()
                #expect(receiver.deliveries.count == 2)

                // Attempt 2, after the first backoff: fails again; the wait doubles.
                try await h.simulator.advance(byMilliseconds: 13_000)
                now = h.now
                try await h.runOutbox()
                #expect(receiver.deliveries.count == 4)
                for id in firstIds {
                    let messageId = try #require(UUID(uuidString: id))
                    let message = try #require(try await h.store.read { try await $0.outboxMessage(id: messageId) })
                    #expect(message.attempts == 2)
                    let wait = message.nextAttemptAt.millisecondsSince1970 - now.millisecondsSince1970
                    #expect((16_000...24_000).contains(wait), "second backoff \(wait) ms")
                }

                // Attempt 3 succeeds.
                try await h.simulator.advance(byMilliseconds: 25_000)
                try await h.runOutbox()
                try await h.runOutbox()
                let deliveries = receiver.deliveries
                #expect(deliveries.count == 6)
                #expect(deliveries.filter(\.accepted).count == 2)
                for id in firstIds {
                    let attempts = deliveries.filter { $0.eventId == id }
                    #expect(attempts.count == 3)
                    #expect(attempts.allSatisfy { $0.headerEventId == id }, "the same event id on every retry")
                    #expect(Set(attempts.map(\.body)).count == 1, "the same body on every retry")
                    let messageId = try #require(UUID(uuidString: id))
                    let message = try #require(try await h.store.read { try await $0.outboxMessage(id: messageId) })
                    #expect(message.status == .delivered)
                }
                for delivery in deliveries {
                    let signedAt = WebhookReceiver.verify(signature: delivery.signature, body: delivery.body, secret: secret)
                    #expect(signedAt != nil, "valid Storekeeper-Signature")
                    #expect(WebhookReceiver.verify(signature: delivery.signature, body: delivery.body, secret: "other") == nil)
                }

                // What the events say.
                let events = deliveries.filter(\.accepted).compactMap {
                    (try? JSONSerialization.jsonObject(with: $0.body)) as? [String: Any]
                }
                let wallet = try #require(events.first { $0["type"] as? String == "wallet.changed" })
                #expect(wallet["customerId"] as? String == quinn.rawValue)
                let walletData = try #require(wallet["data"] as? [String: Any])
                #expect(walletData["delta"] as? Int == 100)
                #expect(walletData["balance"] as? Int == 100)
                #expect(walletData["key"] as? String == "credit:Sandbox:\(gems.transaction.transactionId ?? ""):gems")
                let entitlements = try #require(events.first { $0["type"] as? String == "entitlements.changed" })
                let granted = try #require((entitlements["data"] as? [String: Any])?["granted"] as? [[String: Any]])
                #expect(granted.map { $0["id"] as? String } == ["premium"])
                #expect(
                    (granted.first?["expiresAt"] as? NSNumber)?.int64Value == subscription.transaction.expiresDate?.millisecondsSince1970)
            }
        }
    }
}

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

/// Two apps on one Storekeeper whose webhooks share a name (`backend`, as in the example
/// configuration) but not a URL or secret: each app's events reach only its own backend, signed
/// with its own secret — also for outbox rows written before webhooks were scoped to apps.
@Suite struct NotificationOutboxAppsTests {
    @Test(arguments: NotificationBackend.all)
    func eachAppsEventsReachOnlyItsOwnWebhook(_ backend: NotificationBackend) async throws {
        let secretA = "whsec-a-" + UUID().uuidString
        let secretB = "whsec-b-" + UUID().uuidString
        try await WebhookReceiver.run(failuresPerEvent: 0) { receiverA, urlA in
            try await WebhookReceiver.run(failuresPerEvent: 0) { receiverB, urlB in
                try await NotificationHarness.run(
                    backend,
                    configure: {
                        $0.webhooks = [.init(name: "backend", url: urlA, secret: secretA)]
                        $0.additionalApps = [$0.appId + "-b": [.init(name: "backend", url: urlB, secret: secretB)]]
                    }
                ) { h in
                    let appA = h.stack.app.id
                    let appB = try #require(h.stack.configuration.apps.last?.id)
                    #expect(appB != appA)
                    let clientB = StorekeeperClient(
                        baseURL: h.stack.storekeeperURL + "/v1/apps/" + appB, credential: try #require(h.stack.apiKey(forApp: appB)))

                    // App A: a purchase credits 100 gems, then a spend; app B (whose quinn is
                    // another customer, with none of A's gems): an operator's credit, then a spend.
                    let account = try h.account("apple")
                    let quinn = h.customer("quinn")
                    try await h.buy(quinn, account: account, DemoCatalog.gems, submit: false)
                    let spendA = try await h.client.post(
                        "/customers/\(quinn.rawValue)/spend", ["currency": "gems", "amount": 5, "idempotencyKey": "spend-a"])
                    #expect(spendA.status == 200, "\(spendA.text)")
                    let support = try await OperatorKeys.create(
                        name: "support-b", role: .support, apps: [appB], in: h.store, actor: .job("test"), reason: "test fixture")
                    let adminB = StorekeeperClient(baseURL: h.stack.storekeeperURL + "/v1/admin/apps/" + appB, credential: support.key)
                    _ = try await clientB.post("/orders", ["customerId": quinn.rawValue, "productId": DemoCatalog.gems])
                    let creditB = try await adminB.post(
                        "/customers/\(quinn.rawValue)/wallet/adjust",
                        ["currency": "gems", "amount": 10, "reason": "test", "idempotencyKey": "credit-b"])
                    #expect(creditB.status == 200, "\(creditB.text)")
                    let spendB = try await clientB.post(
                        "/customers/\(quinn.rawValue)/spend", ["currency": "gems", "amount": 7, "idempotencyKey": "spend-b"])
                    #expect(spendB.status == 200, "\(spendB.text)")

                    // Rows as the outbox wrote them before: `webhook:backend`, the app only in the event.
                    var legacyIds: [String: String] = [:]
                    for app in [appA, appB] {
                        let id = UUID()
                        legacyIds[app] = id.uuidString.lowercased()
                        let event: [String: Any] = [
                            "id": id.uuidString.lowercased(), "type": "wallet.changed", "appId": app,
                            "customerId": quinn.rawValue, "occurredAt": h.now.millisecondsSince1970, "data": [:] as [String: Any],
                        ]
                        let message = OutboxMessage(
                            id: id, destination: "webhook:backend", kind: "wallet.changed", customerId: quinn,
                            payload: try JSONSerialization.data(withJSONObject: event), createdAt: h.now)
                        try await h.store.write { tx in try await tx.enqueueOutbox(message) }
                    }

                    try await h.runOutbox()
                    try await h.runOutbox()

                    for (receiver, app, secret, otherSecret) in [
                        (receiverA, appA, secretA, secretB), (receiverB, appB, secretB, secretA),
                    ] {
                        let deliveries = receiver.deliveries
                        let events = deliveries.compactMap {
                            (try? JSONSerialization.jsonObject(with: $0.body)) as? [String: Any]
                        }
                        #expect(events.count == deliveries.count)
                        #expect(events.allSatisfy { $0["appId"] as? String == app }, "\(app) received another app's event")
                        for delivery in deliveries {
                            #expect(WebhookReceiver.verify(signature: delivery.signature, body: delivery.body, secret: secret) != nil)
                            #expect(WebhookReceiver.verify(signature: delivery.signature, body: delivery.body, secret: otherSecret) == nil)
                        }
                        #expect(Set(deliveries.compactMap(\.eventId)).contains(legacyIds[app] ?? "-"), "\(app)'s legacy row")
                    }
                    // App A: the purchase's credit, its spend, its legacy row; app B: its credit, spend and legacy row.
                    let walletA = receiverA.deliveries.compactMap { delivery -> Int? in
                        let event = (try? JSONSerialization.jsonObject(with: delivery.body)) as? [String: Any]
                        return (event?["data"] as? [String: Any])?["delta"] as? Int
                    }
                    #expect(walletA.sorted() == [-5, 100], "\(walletA)")
                    let walletB = receiverB.deliveries.compactMap { delivery -> Int? in
                        let event = (try? JSONSerialization.jsonObject(with: delivery.body)) as? [String: Any]
                        return (event?["data"] as? [String: Any])?["delta"] as? Int
                    }
                    #expect(walletB.sorted() == [-7, 10], "\(walletB)")
                    #expect(receiverA.deliveries.count == 3)
                    #expect(receiverB.deliveries.count == 3)
                    let pending = try await h.store.read { try await $0.outboxCount(status: .pending) }
                    #expect(pending == 0)
                }
            }
        }
    }
}

import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperStore
import Testing

/// Re-keying at Apple: when support attaches a purchase to an order or transfers it, Storekeeper
/// asks Apple (Set App Account Token, through the outbox) to carry the new order's token, so the
/// next renewal names the right order and customer. What Apple refuses for a transaction (a
/// Family Sharing copy, an assigned seat) is recorded as skipped, once, and never retried; a
/// consumption answer Apple refuses likewise.
@Suite struct AppAccountTokenRekeyTests {
    /// Runs the outbox once, as the background job would.
    static func runOutbox(_ e2e: E2EStack) async throws {
        let dispatcher = try #require(e2e.stack.builder.backgroundJobs().compactMap { $0 as? OutboxDispatcher }.first)
        _ = try await dispatcher.runOnce()
    }

    /// The app account token updates queued for `customerId`.
    static func messages(_ e2e: E2EStack, kind: String, customerId: String) async throws -> [OutboxMessage] {
        let id = try E2EStack.id(customerId)
        let destination = AppAccountTokenUpdate.destination(appId: e2e.stack.app.id)
        return try await e2e.store.read { try await $0.outboxMessages(destination: destination, before: nil, limit: 1_000) }
            .filter { $0.kind == kind && $0.customerId == id }
    }

    /// A subscription bought outside the app (an offer code redeemed in the App Store: no token),
    /// attached by support to the customer's order. Apple is asked to carry the order's token,
    /// and the next renewal arrives with it and is the order's customer's.
    @Test(arguments: E2EBackend.all)
    func anAttachedOrderIsRekeyedAtAppleAndTheNextRenewalCarriesItsToken(_ backend: E2EBackend) async throws {
        try await E2E.run(backend, backgroundJobs: false) { e2e in
            let support = try await e2e.operatorClient(.support)
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.proMonthly)
            let bought = try await e2e.buy(DemoCatalog.proMonthly, account: "alice-apple")
            let original = try #require(bought.transaction.originalTransactionId)
            let transactionId = try #require(bought.transaction.transactionId)
            #expect(bought.transaction.appAccountToken == nil)

            let attached = try await support.post(
                "/orders/\(order.id.uuidString)/correct",
                [
                    "action": "attach", "transactionId": transactionId, "environment": "Sandbox",
                    "reason": "redeemed an offer code in the App Store (ticket 7)", "idempotencyKey": "attach-\(e2e.tag)",
                ])
            #expect(attached.status == 200, "\(attached.text)")
            #expect(attached.json["result"]?["order"]?["state"]?.stringValue == "delivered")
            let queued = try await Self.messages(e2e, kind: AppAccountTokenUpdate.kind, customerId: alice)
            #expect(queued.count == 1 && queued.first?.status == .pending, "queued with the correction, not yet sent")
            let trail = try await e2e.audit(alice)
            let queuedEvent = try #require(trail.first { $0.kind == "appAccountToken.queued" })
            #expect(queuedEvent.reason == "redeemed an offer code in the App Store (ticket 7)")
            #expect(queuedEvent.actor.operatorName != nil)
            #expect(queuedEvent.details["appAccountToken"] == order.appAccountToken.uuidString.lowercased())
            #expect(e2e.simulator.transaction(id: original)?.payload.appAccountToken == nil, "Apple is asked after commit")

            try await Self.runOutbox(e2e)
            let sent = try await Self.messages(e2e, kind: AppAccountTokenUpdate.kind, customerId: alice)
            #expect(sent.first?.status == .delivered && sent.first?.attempts == 1)
            #expect(e2e.simulator.transaction(id: original)?.payload.appAccountToken == order.appAccountToken)
            #expect(try await e2e.audit(alice).contains { $0.kind == "appAccountToken.set" && $0.subject == "Sandbox:\(original)" })
            try await Self.runOutbox(e2e)
            #expect(try await Self.messages(e2e, kind: AppAccountTokenUpdate.kind, customerId: alice).map(\.attempts) == [1])

            // The next renewal carries the order's token and is Alice's.
            try await e2e.simulator.advance(by: .oneMonth)
            let stored = try await e2e.store.read { try await $0.transactions(customerId: try E2EStack.id(alice), limit: 100) }
            let renewal = try #require(
                stored.first { $0.transaction.originalTransactionId == original && $0.transaction.transactionId != transactionId },
                "the renewal reached Storekeeper")
            #expect(renewal.transaction.appAccountToken == order.appAccountToken)
            #expect(renewal.customerId.rawValue == alice)
            #expect(try await e2e.view(alice).has("premium"))
        }
    }

    /// A Family Sharing copy moved to another customer: Apple refuses to re-key it (4000185), so
    /// the update is recorded as skipped after one attempt, audited, and never sent again.
    @Test(arguments: E2EBackend.all)
    func whatAppleRefusesIsSkippedOnceAndNotRetried(_ backend: E2EBackend) async throws {
        try await E2E.run(backend, backgroundJobs: false) { e2e in
            let support = try await e2e.operatorClient(.support)
            let parent = e2e.customer("parent")
            let child = e2e.customer("child")
            let sibling = e2e.customer("sibling")
            let family = "family-\(e2e.tag)"
            try e2e.simulator.upsertAccount(SimulatedAccount(id: "parent-apple-\(e2e.tag)", familyGroupId: family))
            try e2e.simulator.upsertAccount(SimulatedAccount(id: "child-apple-\(e2e.tag)", familyGroupId: family))
            let order = try await e2e.createOrder(parent, product: DemoCatalog.removeAds)
            let bought = try await e2e.buy(DemoCatalog.removeAds, account: "parent-apple-\(e2e.tag)", token: order.appAccountToken)
            let shared = try #require(bought.familyTransactionIds.first)
            let presented = try await e2e.submit(child, signedTransaction: try e2e.simulator.signedTransaction(id: shared))
            #expect(presented.status == 200, "\(presented.text)")

            let moved = try await support.post(
                "/customers/\(child)/transfer",
                ["to": sibling, "reason": "the copy was claimed on the wrong profile", "idempotencyKey": "move-\(e2e.tag)"])
            #expect(moved.status == 200, "\(moved.text)")
            #expect(try await e2e.view(sibling).has("no_ads"))
            try await Self.runOutbox(e2e)
            let skipped = try await Self.messages(e2e, kind: AppAccountTokenUpdate.kind, customerId: sibling)
            #expect(skipped.count == 1)
            #expect(skipped.first?.status == .skipped)
            #expect(skipped.first?.attempts == 1)
            #expect(skipped.first?.lastError?.contains("4000185 FamilyTransactionNotSupportedError") == true, "\(skipped)")
            let event = try #require(try await e2e.audit(sibling).first { $0.kind == "appAccountToken.skipped" })
            #expect(event.details["reason"]?.contains("4000185") == true)
            // Not retried, however often the outbox runs or time passes.
            try await e2e.simulator.advance(byMilliseconds: 3_600_000)
            try await Self.runOutbox(e2e)
            #expect(try await Self.messages(e2e, kind: AppAccountTokenUpdate.kind, customerId: sibling).map(\.attempts) == [1])
            let queued = try #require(try await e2e.audit(sibling).first { $0.kind == "appAccountToken.queued" })
            #expect(queued.details["cause"] == AppAccountTokenUpdate.transfer)
            #expect(
                e2e.simulator.transaction(id: shared)?.payload.appAccountToken?.uuidString.lowercased()
                    != queued.details["appAccountToken"],
                "Apple keeps the copy's token")
        }
    }

    /// A CONSUMPTION_REQUEST whose answer Apple refuses for the transaction (4000227, an assigned
    /// transaction) is skipped once, shown to operators with Apple's reason, and not retried.
    @Test(arguments: E2EBackend.all)
    func aConsumptionAnswerAppleRefusesIsSkippedAndShownToOperators(_ backend: E2EBackend) async throws {
        try await E2E.run(backend, backgroundJobs: false) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let dora = e2e.customer("dora")
            let consent = try await e2e.server.send(
                .PUT, "/customers/\(dora)/consumption-consent", body: try JSONSerialization.data(withJSONObject: ["consented": true]))
            #expect(consent.status == 200, "\(consent.text)")
            let order = try await e2e.createOrder(dora, product: DemoCatalog.gems)
            let bought = try await e2e.buy(DemoCatalog.gems, account: try e2e.appleAccount("dora-apple"), token: order.appAccountToken)
            let transactionId = try #require(bought.transaction.transactionId)
            try await e2e.simulator.requestRefund(transactionId: transactionId, reason: .unintendedPurchase)
            _ = e2e.simulator.addFault(
                APIFaultRule(
                    endpoint: AppStoreServerEndpoint.sendConsumptionInformation.rawValue, kind: .refusal, count: 1,
                    errorCode: AppleRefusal.assignedTransactionNotSupported.rawValue))
            try await Self.runOutbox(e2e)
            try await e2e.simulator.advance(byMilliseconds: 3_600_000)
            try await Self.runOutbox(e2e)

            let listed = try await viewer.get("/consumption-requests")
            #expect(listed.status == 200, "\(listed.text)")
            let entry = try #require(
                listed.json["consumptionRequests"]?.arrayValue?.first { $0["transactionId"]?.stringValue == transactionId })
            #expect(entry["status"]?.stringValue == "skipped")
            #expect(entry["attempts"]?.intValue == 1, "refused for good: never retried")
            #expect(entry["lastError"]?.stringValue?.contains("4000227 InvalidAssignedTransactionNotSupportedError") == true)
            #expect(try await e2e.audit(dora).contains { $0.kind == "consumption.skipped" })
        }
    }
}

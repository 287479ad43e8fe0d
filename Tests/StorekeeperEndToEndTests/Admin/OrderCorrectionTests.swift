import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import Testing

/// Support's order corrections (订单矫正, 补单; `seeds/004_*`) against the simulator: a paid
/// order left undelivered is corrected by hand and the customer gets what it bought exactly
/// once, however often the correction is sent or delivery is re-run.
@Suite struct OrderCorrectionTests {
    static func attach(_ transactionId: String, key: String) -> [String: Any] {
        [
            "action": "attach", "transactionId": transactionId, "environment": "Sandbox",
            "reason": "customer sent Apple's receipt: paid, nothing arrived (补单)", "idempotencyKey": key,
        ]
    }

    /// The customer paid at Apple without the order's token and the App Store's notification was
    /// lost: Storekeeper knows nothing of the payment. Support attaches the transaction from
    /// Apple's receipt; Storekeeper asks Apple for it and delivers the order once. The same
    /// request again is a replay; a different correction is refused with a code saying why.
    @Test(arguments: E2EBackend.all)
    func aPaidOrderLeftUndeliveredIsCorrectedByHandExactlyOnce(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let support = try await e2e.operatorClient(.support)
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            e2e.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            let purchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple")
            let transactionId = try #require(purchase.transaction.transactionId)
            #expect(try await e2e.view(alice).balance("gems") == 0, "nothing arrived")
            let stored = try await e2e.store.read { try await $0.transaction(environment: .sandbox, transactionId: transactionId) }
            #expect(stored == nil, "Storekeeper never heard of the payment")

            let path = "/orders/\(order.id.uuidString)/correct"
            let key = "fix-\(e2e.tag)"
            let corrected = try await support.post(path, Self.attach(transactionId, key: key))
            #expect(corrected.status == 200, "\(corrected.text)")
            #expect(corrected.json["replayed"] == .bool(false))
            let result = try #require(corrected.json["result"])
            #expect(result["changed"] == .bool(true))
            #expect(result["order"]?["state"]?.stringValue == "delivered")
            #expect(result["order"]?["transactionId"]?.stringValue == transactionId)
            #expect(result["recordedTransactionIds"] == .array([.string(transactionId)]))
            #expect(try CustomerBody(result["customer"] ?? .null).balance("gems") == 100)
            #expect(try await e2e.view(alice).balance("gems") == 100)

            // The same request again (a retry, a double click): the first answer, nothing twice.
            let replay = try await support.post(path, Self.attach(transactionId, key: key))
            #expect(replay.status == 200, "\(replay.text)")
            #expect(replay.json["replayed"] == .bool(true))
            #expect(replay.json["result"]?["order"]?["state"]?.stringValue == "delivered")
            // Re-running delivery finds everything delivered: nothing changes.
            let redeliver = try await support.post(
                path, ["action": "redeliver", "reason": "customer says still missing", "idempotencyKey": "redo-\(e2e.tag)"])
            #expect(redeliver.status == 200, "\(redeliver.text)")
            #expect(redeliver.json["result"]?["changed"] == .bool(false))
            #expect(try await e2e.view(alice).balance("gems") == 100)

            // Different corrections are refused, each with a code saying why.
            let sameKeyOtherRequest = try await support.post(
                path, ["action": "mark_failed", "failureCode": "x", "reason": "oops", "idempotencyKey": key])
            #expect(sameKeyOtherRequest.status == 409)
            #expect(sameKeyOtherRequest.errorCode == "idempotencyConflict")
            let failDelivered = try await support.post(
                path, ["action": "mark_failed", "failureCode": "customer.cancelled", "reason": "oops", "idempotencyKey": "fail-\(e2e.tag)"])
            #expect(failDelivered.status == 409, "\(failDelivered.text)")
            #expect(failDelivered.errorCode == "invalidOrderTransition")
            let second = try await e2e.buy(DemoCatalog.gems, account: "alice-apple")
            let otherTransaction = try #require(second.transaction.transactionId)
            let attachAnother = try await support.post(path, Self.attach(otherTransaction, key: "again-\(e2e.tag)"))
            #expect(attachAnother.status == 409, "\(attachAnother.text)")
            #expect(attachAnother.errorCode == "orderAlreadyDelivered")

            // One credit for the order's transaction; the order's trail names the operator and why.
            let id = try E2EStack.id(alice)
            let journal = try await e2e.store.read { try await $0.journal(customerId: id, limit: 100) }
            #expect(journal.filter { $0.key == "credit:Sandbox:\(transactionId):gems" }.count == 1)
            let trail = try await e2e.store.read { try await $0.auditEvents(subject: "order:\(order.id.uuidString.lowercased())") }
            let corrections = trail.filter { $0.kind == "order.corrected" }
            #expect(corrections.count == 2, "the attach and the redelivery: \(corrections.map(\.details))")
            #expect(corrections.allSatisfy { $0.actor.operatorName != nil && $0.reason != nil && $0.appId == e2e.stack.app.id })
            #expect(trail.contains { $0.kind == "order.delivered" })
        }
    }

    /// Copies of one attach racing under one key (a support agent's double click): the order is
    /// delivered and credited once; every copy answers 200, all but one as replays.
    @Test(arguments: E2EBackend.all)
    func racingCopiesOfOneCorrectionDeliverOnce(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let support = try await e2e.createOperator(.support)
            let sam = e2e.customer("sam")
            try e2e.appleAccount("sam-apple")
            let order = try await e2e.createOrder(sam, product: DemoCatalog.gems)
            e2e.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            let purchase = try await e2e.buy(DemoCatalog.gems, account: "sam-apple")
            let transactionId = try #require(purchase.transaction.transactionId)
            let key = "race-\(e2e.tag)"
            let answers = try await e2e.race(6, credential: support.key, "/orders/\(order.id.uuidString)/correct") {
                [
                    "action": "attach", "transactionId": transactionId, "environment": "Sandbox", "reason": "补单",
                    "idempotencyKey": key,
                ]
            }
            #expect(answers.allSatisfy { $0.status == 200 }, "\(answers)")
            #expect(answers.filter { $0.replayed == false }.count == 1, "\(answers)")
            #expect(try await e2e.view(sam).balance("gems") == 100)
        }
    }

    /// The notification did arrive, but without the order's token: the purchase waits with an
    /// unclaimed placeholder. Attaching it moves it, with its gems, to the order's customer.
    @Test(arguments: E2EBackend.all)
    func anUnclaimedPurchaseIsAttachedToItsOrder(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let support = try await e2e.operatorClient(.support)
            let bob = e2e.customer("bob")
            try e2e.appleAccount("bob-apple")
            let order = try await e2e.createOrder(bob, product: DemoCatalog.removeAds)
            let purchase = try await e2e.buy(DemoCatalog.removeAds, account: "bob-apple")
            let transactionId = try #require(purchase.transaction.transactionId)
            #expect(try await e2e.view(bob).has("no_ads") == false)

            let corrected = try await support.post(
                "/orders/\(order.id.uuidString)/correct", Self.attach(transactionId, key: "fix-\(e2e.tag)"))
            #expect(corrected.status == 200, "\(corrected.text)")
            #expect(corrected.json["result"]?["order"]?["state"]?.stringValue == "delivered")
            #expect(try await e2e.view(bob).has("no_ads"))
            let owner = try await e2e.store.read {
                try await $0.owner(environment: .sandbox, originalTransactionId: purchase.transaction.originalTransactionId ?? "")
            }
            #expect(owner == (try E2EStack.id(bob)))
        }
    }

    /// Marking by hand: failed with a code (then it may not be marked failed again), and
    /// delivered without granting anything; bad input has stable codes.
    @Test(arguments: E2EBackend.all)
    func ordersAreMarkedFailedOrDeliveredByHand(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let support = try await e2e.operatorClient(.support)
            let carol = e2e.customer("carol")
            let order = try await e2e.createOrder(carol, product: DemoCatalog.removeAds)
            let path = "/orders/\(order.id.uuidString)/correct"
            let failed = try await support.post(
                path,
                ["action": "mark_failed", "failureCode": "payment.declined", "reason": "Apple declined", "idempotencyKey": "f-\(e2e.tag)"])
            #expect(failed.status == 200, "\(failed.text)")
            #expect(failed.json["result"]?["order"]?["state"]?.stringValue == "failed")
            #expect(failed.json["result"]?["order"]?["failureCode"]?.stringValue == "payment.declined")
            let delivered = try await support.post(
                path, ["action": "mark_delivered", "reason": "sent by hand", "idempotencyKey": "d-\(e2e.tag)"])
            #expect(delivered.status == 200, "\(delivered.text)")
            #expect(delivered.json["result"]?["order"]?["state"]?.stringValue == "delivered")
            #expect(try await e2e.view(carol).has("no_ads") == false, "marking delivered grants nothing")

            let other = try await e2e.createOrder(carol, product: DemoCatalog.gems)
            let otherPath = "/orders/\(other.id.uuidString)/correct"
            let badCode = try await support.post(
                otherPath, ["action": "mark_failed", "failureCode": "no spaces", "reason": "r", "idempotencyKey": "b-\(e2e.tag)"])
            #expect(badCode.status == 400)
            #expect(badCode.errorCode == "invalidFailureCode")
            let unknownAction = try await support.post(otherPath, ["action": "refund", "reason": "r", "idempotencyKey": "u-\(e2e.tag)"])
            #expect(unknownAction.status == 400)
            let notPaid = try await support.post(otherPath, ["action": "redeliver", "reason": "r", "idempotencyKey": "n-\(e2e.tag)"])
            #expect(notPaid.status == 409)
            #expect(notPaid.errorCode == "orderNotPaid")
            let noReason = try await support.post(
                otherPath, ["action": "mark_delivered", "reason": "  ", "idempotencyKey": "r-\(e2e.tag)"])
            #expect(noReason.status == 400)
            let noSuchOrder = try await support.post(
                "/orders/\(UUID().uuidString)/correct", ["action": "mark_delivered", "reason": "r", "idempotencyKey": "x-\(e2e.tag)"])
            #expect(noSuchOrder.status == 404)
            #expect(try await e2e.audit(carol).filter { $0.kind == "order.corrected" }.count == 2)
        }
    }
}

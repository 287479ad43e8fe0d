import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Renewal-date extensions through Apple: one customer's (Apple's limits surfaced as typed
/// errors, a retry never extending twice) and an outage's mass extension with its status.
@Suite struct ExtensionAdminTests {
    @Test(arguments: E2EBackend.all)
    func oneSubscriptionIsExtendedOnceAndApplesLimitIsSurfaced(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let olga = h.e2e.customer("olga")
            let bought = try await h.buy(olga, account: try h.account("olga"), DemoCatalog.monthly)
            let original = try #require(bought.transaction.originalTransactionId)
            let expiry = try #require(bought.transaction.expiresDate)
            let path = "/customers/\(olga)/extend"
            func body(_ days: Int, _ reasonCode: Int = 1, key: String = UUID().uuidString) -> [String: Any] {
                NotificationAdminStack.action(
                    ["originalTransactionId": original, "days": days, "reasonCode": reasonCode], reason: "app was down for her",
                    key: key)
            }

            let refused = try await h.viewer.post(path, body(7))
            #expect(refused.status == 403, "a viewer cannot extend: \(refused.text)")
            #expect(try await h.support.post(path, body(91)).status == 400, "Apple extends by at most 90 days")
            #expect(try await h.support.post(path, body(0)).status == 400)
            #expect(try await h.support.post(path, body(7, 9)).status == 400, "reason codes are 0–3")
            let notHers = try await h.support.post(
                "/customers/\(h.e2e.customer("someone"))/extend",
                NotificationAdminStack.action(["originalTransactionId": original, "days": 7, "reasonCode": 1]))
            #expect(notHers.status == 404, "only the customer's own subscription: \(notHers.text)")

            let first = body(7, key: "extend-\(h.e2e.tag)")
            let extended = try await h.support.post(path, first)
            #expect(extended.status == 200, "\(extended.text)")
            let result = try #require(extended.json["result"])
            let moved = expiry.millisecondsSince1970 + 7 * Span.day
            #expect(result["success"]?.boolValue == true)
            #expect(result["effectiveDate"]?.intValue == moved)
            #expect(result["subscription"]?["expiresAt"]?.intValue == moved)
            var view = try await h.view(olga)
            #expect(view.subscriptions.first?.expiresAt == moved)
            #expect(view.entitlement("premium")?.expiresAt == moved)

            // A retry with the same key answers the first result; Apple is not asked again.
            let retry = try await h.support.post(path, first)
            #expect(retry.json["replayed"]?.boolValue == true)
            #expect(h.simulator.subscription(originalTransactionId: original)?.expiresDate.millisecondsSince1970 == moved)

            let second = try await h.support.post(path, body(3))
            #expect(second.status == 200, "\(second.text)")
            let third = try await h.support.post(path, body(1))
            #expect(third.status == 409, "Apple allows two extensions in 365 days: \(third.text)")
            #expect(third.errorCode == "extensionLimitReached")
            view = try await h.view(olga)
            #expect(view.subscriptions.first?.expiresAt == moved + 3 * Span.day)

            let events = try await h.e2e.audit(olga).filter { $0.kind == "subscription.extended" }
            #expect(events.count == 2)
            #expect(events.allSatisfy { $0.reason == "app was down for her" && $0.actor.rawValue.hasPrefix("operator:support-") })
        }
    }

    /// Apple extended, then reading its state back failed, so nothing was recorded: the
    /// client's retry with the same key sends Apple the same request identifier, and Apple
    /// answers the first extension again instead of extending twice.
    @Test(arguments: E2EBackend.all)
    func aRetryAfterAFailureNeverExtendsTwiceAtApple(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let uma = h.e2e.customer("uma")
            let bought = try await h.buy(uma, account: try h.account("uma"), DemoCatalog.monthly)
            let original = try #require(bought.transaction.originalTransactionId)
            let moved = try #require(bought.transaction.expiresDate).millisecondsSince1970 + 10 * Span.day
            let body = NotificationAdminStack.action(
                ["originalTransactionId": original, "days": 10, "reasonCode": 2], key: "retry-\(h.e2e.tag)")
            h.simulator.addFault(APIFaultRule(endpoint: "getAllSubscriptionStatuses", kind: .serverError, count: 10))
            let failed = try await h.support.post("/customers/\(uma)/extend", body)
            #expect(failed.status == 502 || failed.status == 503, "\(failed.text)")
            #expect(h.simulator.subscription(originalTransactionId: original)?.expiresDate.millisecondsSince1970 == moved)
            await h.simulator.clearFaults()

            let retried = try await h.support.post("/customers/\(uma)/extend", body)
            #expect(retried.status == 200, "\(retried.text)")
            #expect(retried.json["replayed"]?.boolValue == false, "the failed attempt recorded nothing")
            #expect(retried.json["result"]?["effectiveDate"]?.intValue == moved)
            #expect(h.simulator.subscription(originalTransactionId: original)?.expiresDate.millisecondsSince1970 == moved)
            #expect(try await h.view(uma).subscriptions.first?.expiresAt == moved)
            #expect(try await h.e2e.audit(uma).filter { $0.kind == "subscription.extended" }.count == 1)
        }
    }

    /// An outage: every monthly subscriber gets five days; the yearly subscriber is untouched;
    /// Apple's status reports the request in progress with its counts so far while the
    /// simulator works through the subscribers, then complete.
    @Test(arguments: E2EBackend.all)
    func anOutageIsCompensatedByAMassExtension(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let ana = h.e2e.customer("ana")
            let ben = h.e2e.customer("ben")
            let cai = h.e2e.customer("cai")
            let anaBought = try await h.buy(ana, account: try h.account("ana"), DemoCatalog.monthly)
            let benBought = try await h.buy(ben, account: try h.account("ben"), DemoCatalog.monthly)
            let caiBought = try await h.buy(cai, account: try h.account("cai"), DemoCatalog.yearly)
            let request: [String: Any] = [
                "productId": DemoCatalog.monthly, "days": 5, "reasonCode": 3, "environment": "Sandbox",
            ]
            let refused = try await h.viewer.post("/extensions", NotificationAdminStack.action(request))
            #expect(refused.status == 403)
            let wrong = try await h.support.post(
                "/extensions", NotificationAdminStack.action(request.merging(["productId": DemoCatalog.gems]) { _, new in new }))
            #expect(wrong.status == 422, "\(wrong.text)")

            let body = NotificationAdminStack.action(request, reason: "outage 02:00–04:00", key: "outage-\(h.e2e.tag)")
            let sent = try await h.support.post("/extensions", body)
            #expect(sent.status == 202, "\(sent.text)")
            let identifier = try #require(sent.json["result"]?["requestIdentifier"]?.stringValue)
            let anaExpiry = try #require(anaBought.transaction.expiresDate).millisecondsSince1970
            let benExpiry = try #require(benBought.transaction.expiresDate).millisecondsSince1970

            // Apple takes its time: accepted, in progress, nobody extended yet.
            let started = try await h.viewer.get("/extensions/\(identifier)")
            #expect(started.status == 200, "\(started.text)")
            #expect(started.json["complete"]?.boolValue == false)
            #expect(started.json["completeDate"] == nil)
            #expect(started.json["succeededCount"]?.intValue == 0)
            #expect(started.json["failedCount"]?.intValue == 0)
            #expect(try await h.view(ana).subscriptions.first?.expiresAt == anaExpiry)

            // One subscriber processed (in original transaction ID order: Ana bought first).
            try await h.simulator.advance(byMilliseconds: h.simulator.massExtensionStepMilliseconds)
            let halfway = try await h.viewer.get("/extensions/\(identifier)")
            #expect(halfway.json["complete"]?.boolValue == false)
            #expect(halfway.json["succeededCount"]?.intValue == 1)
            #expect(try await h.view(ana).subscriptions.first?.expiresAt == anaExpiry + 5 * Span.day)
            #expect(try await h.view(ben).subscriptions.first?.expiresAt == benExpiry)

            try await h.simulator.advance(byMilliseconds: h.simulator.massExtensionStepMilliseconds)
            for (customer, expiry) in [(ana, anaExpiry), (ben, benExpiry)] {
                #expect(try await h.view(customer).subscriptions.first?.expiresAt == expiry + 5 * Span.day)
            }
            let caiExpiry = try #require(caiBought.transaction.expiresDate).millisecondsSince1970
            #expect(try await h.view(cai).subscriptions.first?.expiresAt == caiExpiry)

            let status = try await h.viewer.get("/extensions/\(identifier)")
            #expect(status.status == 200, "\(status.text)")
            #expect(status.json["complete"]?.boolValue == true)
            #expect(status.json["completeDate"]?.intValue == h.now.millisecondsSince1970)
            #expect(status.json["succeededCount"]?.intValue == 2)
            #expect(status.json["failedCount"]?.intValue == 0)
            #expect(status.json["requestedBy"]?.stringValue?.hasPrefix("support-") == true)

            let again = try await h.support.post("/extensions", body)
            #expect(again.status == 200)
            #expect(again.json["replayed"]?.boolValue == true)
            #expect(try await h.view(ana).subscriptions.first?.expiresAt == anaExpiry + 5 * Span.day, "extended once")
            #expect(try await h.viewer.get("/extensions/\(UUID().uuidString.lowercased())").status == 404)
        }
    }
}

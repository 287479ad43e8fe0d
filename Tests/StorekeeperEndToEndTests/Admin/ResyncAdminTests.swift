import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Resync from Apple answers what changed: a renewal and a purchase Storekeeper never heard of
/// are found in Transaction History and the subscription's status, applied once.
@Suite struct ResyncAdminTests {
    @Test(arguments: E2EBackend.all)
    func resyncAnswersWhatChanged(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let kim = h.e2e.customer("kim")
            let account = try h.account("kim")
            let bought = try await h.buy(kim, account: account, DemoCatalog.monthly)
            let original = try #require(bought.transaction.originalTransactionId)
            let expiry = try #require(bought.transaction.expiresDate)
            // The renewal's and a new purchase's notifications never arrive.
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(2)))
            try await h.simulator.advance(byMilliseconds: expiry.millisecondsSince1970 - h.now.millisecondsSince1970 + 60_000)
            let gems = try await h.buy(kim, account: account, DemoCatalog.gems)
            let dropped = h.simulator.notifications(bundleId: DemoCatalog.bundleId).filter(\.dropped)
            #expect(dropped.map(\.notificationType) == [.didRenew, .oneTimeCharge])
            #expect(!(try await h.view(kim).has("premium")))
            #expect(try await h.view(kim).balance("gems") == 0)

            let refused = try await h.viewer.post("/customers/\(kim)/resync", NotificationAdminStack.action())
            #expect(refused.status == 403)
            let nobody = try await h.support.post("/customers/\(h.e2e.customer("nobody"))/resync", NotificationAdminStack.action())
            #expect(nobody.status == 404, "\(nobody.text)")

            let resynced = try await h.support.post(
                "/customers/\(kim)/resync", NotificationAdminStack.action(reason: "says premium vanished"))
            #expect(resynced.status == 200, "\(resynced.text)")
            let result = try #require(resynced.json["result"])
            let renewed = try #require(h.simulator.subscription(originalTransactionId: original)?.expiresDate)
            let new = (result["newTransactions"]?.arrayValue ?? []).compactMap { $0["transactionId"]?.stringValue }
            #expect(Set(new).contains(try #require(gems.transaction.transactionId)))
            #expect(new.count == 2, "the renewal and the gems: \(new)")
            let changes = result["changedSubscriptions"]?.arrayValue ?? []
            #expect(changes.count == 1)
            #expect(changes.first?["before"]?["expiresAt"]?.intValue == expiry.millisecondsSince1970)
            #expect(changes.first?["after"]?["expiresAt"]?.intValue == renewed.millisecondsSince1970)
            #expect(changes.first?["after"]?["phase"]?.stringValue == "active")
            #expect(result["entitlementsAfter"]?.arrayValue?.contains(.string("premium")) == true)
            #expect(result["entitlementsBefore"]?.arrayValue?.contains(.string("premium")) == false)
            let view = try await h.view(kim)
            #expect(view.has("premium"))
            #expect(view.balance("gems") == 100)

            // Nothing is left to change.
            let again = try await h.support.post("/customers/\(kim)/resync", NotificationAdminStack.action())
            #expect(again.json["result"]?["newTransactions"]?.arrayValue?.isEmpty == true, "\(again.text)")
            #expect(again.json["result"]?["changedSubscriptions"]?.arrayValue?.isEmpty == true)
            #expect(try await h.view(kim).balance("gems") == 100)
            let audit = try await h.e2e.audit(kim).filter { $0.kind == "customer.resynced" }
            #expect(audit.count == 2)
            #expect(audit.first?.reason == "says premium vanished")
        }
    }
}

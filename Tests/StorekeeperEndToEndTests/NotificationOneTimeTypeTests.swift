import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The V2 types that are not about a subscription's billing: ONE_TIME_CHARGE, REVOKE, TEST,
/// EXTERNAL_PURCHASE_TOKEN, and REFUND / REFUND_DECLINED / REFUND_REVERSED of a subscription.
@Suite struct NotificationOneTimeTypeTests {
    /// ONE_TIME_CHARGE for a consumable (credits the wallet once, with no client submission) and
    /// a non-consumable (grants forever); the notification alone delivers the order.
    @Test(arguments: NotificationBackend.all)
    func oneTimeChargeDeliversWithoutTheApp(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let erin = h.customer("erin")
            let gems = try await h.buy(erin, account: account, DemoCatalog.gems, quantity: 2, submit: false)
            let charge = try await h.expectProcessed(.oneTimeCharge, nil)
            #expect(charge.transactionId == gems.transaction.transactionId)
            try await h.buy(erin, account: account, DemoCatalog.removeAds, submit: false)
            let view = try await h.view(erin)
            #expect(view.balances["gems"] == 200)
            #expect(view.has("no_ads"))
            #expect(view.entitlement("no_ads")?.expiresAt == nil)
            #expect(view.purchases.count == 2)
            // The app submitting the same purchase afterwards changes nothing.
            try await h.submit(erin, gems.signedTransaction)
            #expect(try await h.view(erin).balances["gems"] == 200)
            let credits = try await h.journal(erin).filter { $0.kind == .credit }
            #expect(credits.count == 1)
        }
    }

    /// REVOKE: a Family Sharing member loses the shared non-consumable when sharing ends; the
    /// purchaser keeps it.
    @Test(arguments: NotificationBackend.all)
    func familySharingRevoke(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let parentAccount = try h.account("apple-parent", familyGroupId: "family")
            let childAccount = try h.account("apple-child", familyGroupId: "family")
            let parent = h.customer("parent")
            let child = h.customer("child")
            let bought = try await h.buy(parent, account: parentAccount, DemoCatalog.removeAds)
            let sharedId = try #require(bought.familyTransactionIds.first)
            #expect(h.sent(.oneTimeCharge).count == 2)
            // The child's app presents its shared copy (the notification could not name the customer).
            try await h.submit(child, try h.simulator.signedTransaction(id: sharedId))
            #expect(try await h.view(child).has("no_ads"))
            _ = childAccount

            try await h.simulator.advance(byMilliseconds: 3 * Span.day)
            let revoked = try await h.simulator.revokeFamilySharing(transactionId: try #require(bought.transaction.transactionId))
            #expect(revoked == [sharedId])
            let record = try await h.expectProcessed(.revoke, nil)
            #expect(record.transactionId == sharedId)
            let view = try await h.view(child)
            #expect(!view.has("no_ads"))
            #expect(view.purchases.first?.revocationDate == record.signedDate)
            #expect(try await h.view(parent).has("no_ads"))
            #expect(try await h.audit(child).contains { $0.kind == "purchase.revoked" && $0.actor == .apple })
        }
    }

    /// TEST is recorded and changes nothing; EXTERNAL_PURCHASE_TOKEN (the simulator does not send
    /// it, so one is minted with the simulator's keys) is verified, recorded and acknowledged.
    @Test(arguments: NotificationBackend.all)
    func testAndExternalPurchaseToken(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let token = try await h.simulator.requestTestNotification(bundleId: DemoCatalog.bundleId, environment: .sandbox)
            #expect(!token.isEmpty)
            let test = try await h.expectProcessed(.test, nil)
            #expect(test.isTest)

            let app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)
            let uuid = UUID().uuidString.lowercased()
            let payload = ResponseBodyV2DecodedPayload(
                notificationType: .externalPurchaseToken, subtype: .unreported, notificationUUID: uuid,
                externalPurchaseToken: ExternalPurchaseToken(
                    externalPurchaseId: "SANDBOX_\(h.tag)", tokenCreationDate: h.now, appAppleId: app.appAppleId,
                    bundleId: DemoCatalog.bundleId),
                version: "2.0", signedDate: h.now)
            let signed = try h.simulator.keys.pki.signer().sign(payload)
            let body = try JSONEncoder().encode(ResponseBodyV2(signedPayload: signed))
            let response = try await h.client.post("/notifications", raw: body, authenticated: false)
            #expect(response.status == 200, "\(response.text)")
            #expect(response.json["status"] as? String == "processed")
            let entry = try #require(try await h.inbox(uuid))
            #expect(entry.status == .processed)
            #expect(entry.notificationType == "EXTERNAL_PURCHASE_TOKEN")
            #expect(entry.subtype == "UNREPORTED")

            // The same token signed by anyone else is refused and recorded, never applied.
            let stranger = try TestSignerFactory.foreignSigner()
            let forged = try JSONEncoder().encode(ResponseBodyV2(signedPayload: try stranger.sign(payload)))
            let refused = try await h.client.post("/notifications", raw: forged, authenticated: false)
            #expect(refused.status == 200)
            #expect(refused.json["status"] as? String == "rejected")
        }
    }

    /// CONSUMPTION_REQUEST (and Apple turning auto-renew off), REFUND_DECLINED (nothing changes),
    /// REFUND (access ends at `revocationDate`), REFUND_REVERSED (access back until the period's end).
    @Test(arguments: NotificationBackend.all)
    func subscriptionRefundDeclinedRefundedReversed(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let frank = h.customer("frank")
            let bought = try await h.buy(frank, account: account, DemoCatalog.monthly)
            let transactionId = try #require(bought.transaction.transactionId)
            let expiry = try #require(bought.transaction.expiresDate)
            try await h.simulator.advance(byMilliseconds: 5 * Span.day)

            try await h.simulator.requestRefund(transactionId: transactionId, reason: .unsatisfiedWithPurchase)
            try await h.expectProcessed(.consumptionRequest, nil)
            try await h.expectProcessed(.didChangeRenewalStatus, .autoRenewDisabled)
            try await h.simulator.declineRefund(transactionId: transactionId)
            try await h.expectProcessed(.refundDeclined, nil)
            var view = try await h.view(frank)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == expiry)

            try await h.simulator.advance(byMilliseconds: 2 * Span.day)
            try await h.simulator.refund(transactionId: transactionId, reason: .appIssue)
            let refund = try await h.expectProcessed(.refund, nil)
            let revocationDate = try #require(h.simulator.transaction(id: transactionId)?.payload.revocationDate)
            #expect(revocationDate == refund.signedDate)
            view = try await h.view(frank)
            #expect(!view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == revocationDate, "access ends at the revocation date")
            #expect(view.subscriptions.first?.phase == "revoked")
            #expect(view.purchases.first?.revocationDate == revocationDate)

            try await h.simulator.advance(byMilliseconds: 1 * Span.day)
            try await h.simulator.reverseRefund(transactionId: transactionId)
            try await h.expectProcessed(.refundReversed, nil)
            view = try await h.view(frank)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == expiry)
            #expect(view.subscriptions.first?.phase == "active")
            let kinds = try await h.audit(frank).map(\.kind)
            #expect(kinds.contains("subscription.periodRevoked"))
            #expect(kinds.contains("subscription.periodRestored"))
        }
    }
}

/// A signer under a chain nobody trusts (Apple-shaped, but not the simulator's).
enum TestSignerFactory {
    static func foreignSigner() throws -> ES256Signer {
        try AppleShapedPKI(options: .init()).signer()
    }
}

import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The notification types the simulator has no operation for (the Advanced Commerce API's
/// METADATA_UPDATE, MIGRATION and PRICE_CHANGE; RESCIND_CONSENT; EXTERNAL_PURCHASE_TOKEN's
/// CREATED and ACTIVE_TOKEN_REMINDER): signed with the simulator's own certificate chain, carrying
/// the simulator's current signed transaction and renewal info, and POSTed to Storekeeper as
/// Apple would.
@Suite struct NotificationSignedTypeTests {
    @Test(arguments: NotificationBackend.all)
    func advancedCommerceConsentAndExternalTokenTypes(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let lou = h.customer("lou")
            let bought = try await h.buy(lou, account: account, DemoCatalog.monthly)
            let original = try #require(bought.transaction.originalTransactionId)
            let app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)

            // The renewal's DID_RENEW is lost: Storekeeper still believes the first period ended.
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            let firstExpiry = try #require(bought.transaction.expiresDate)
            try await h.simulator.advance(byMilliseconds: firstExpiry.millisecondsSince1970 - h.now.millisecondsSince1970 + 60_000)
            #expect(h.simulator.notifications(bundleId: DemoCatalog.bundleId).last?.dropped == true)
            #expect(!(try await h.view(lou).has("premium")))
            let renewed = try #require(h.simulator.subscription(originalTransactionId: original))
            #expect(renewed.latestTransactionId != bought.transaction.transactionId)

            /// Signs and POSTs one notification; returns its UUID after checking it was processed.
            @discardableResult
            func post(_ payload: ResponseBodyV2DecodedPayload) async throws -> String {
                let uuid = try #require(payload.notificationUUID)
                let signed = try h.simulator.keys.pki.signer().sign(payload)
                let body = try JSONEncoder().encode(ResponseBodyV2(signedPayload: signed))
                let response = try await h.client.post("/notifications", raw: body, authenticated: false)
                #expect(response.status == 200, "\(response.text)")
                #expect(response.json["status"] as? String == "processed", "\(response.text)")
                let entry = try #require(try await h.inbox(uuid))
                #expect(entry.status == .processed, "\(entry.lastError ?? "")")
                #expect(entry.notificationType == payload.notificationType?.rawValue)
                #expect(entry.subtype == payload.subtype?.rawValue)
                return uuid
            }
            func subscriptionNotification(_ type: NotificationTypeV2) throws -> ResponseBodyV2DecodedPayload {
                ResponseBodyV2DecodedPayload(
                    notificationType: type, notificationUUID: UUID().uuidString.lowercased(),
                    data: NotificationData(
                        appAppleId: app.appAppleId, bundleId: DemoCatalog.bundleId, environment: .sandbox,
                        signedTransactionInfo: try h.simulator.signedTransaction(id: renewed.latestTransactionId),
                        signedRenewalInfo: try h.simulator.signedRenewalInfo(originalTransactionId: original),
                        status: .active),
                    version: "2.0", signedDate: h.now)
            }

            // MIGRATION carries the renewed transaction: the subscription is brought up to date.
            try await post(try subscriptionNotification(.migration))
            var view = try await h.view(lou)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == renewed.expiresDate)
            #expect(view.subscriptions.first?.expiresAt == renewed.expiresDate)
            #expect(view.purchases.contains { $0.transactionId == renewed.latestTransactionId })
            let paid = try await h.audit(lou).filter { $0.kind == "subscription.periodPaid" }.count
            #expect(paid == 2)

            // METADATA_UPDATE and PRICE_CHANGE restate the same facts: processed, nothing changes.
            try await h.simulator.advance(byMilliseconds: 60_000)
            try await post(try subscriptionNotification(.metadataUpdate))
            try await h.simulator.advance(byMilliseconds: 60_000)
            try await post(try subscriptionNotification(.priceChange))
            view = try await h.view(lou)
            #expect(view.entitlement("premium")?.expiresAt == renewed.expiresDate)
            #expect(view.subscriptions.count == 1)
            #expect(try await h.audit(lou).filter { $0.kind == "subscription.periodPaid" }.count == paid)

            // RESCIND_CONSENT and the external purchase token subtypes are recorded, with no
            // effect on any customer.
            let auditBefore = try await h.audit(lou)
            try await post(
                ResponseBodyV2DecodedPayload(
                    notificationType: .rescindConsent, notificationUUID: UUID().uuidString.lowercased(),
                    appData: AppData(appAppleId: app.appAppleId, bundleId: DemoCatalog.bundleId, environment: .sandbox),
                    version: "2.0", signedDate: h.now))
            for subtype in [NotificationSubtype.created, .activeTokenReminder] {
                try await post(
                    ResponseBodyV2DecodedPayload(
                        notificationType: .externalPurchaseToken, subtype: subtype,
                        notificationUUID: UUID().uuidString.lowercased(),
                        externalPurchaseToken: ExternalPurchaseToken(
                            externalPurchaseId: "SANDBOX_\(subtype.rawValue)_\(h.tag)", tokenCreationDate: h.now,
                            appAppleId: app.appAppleId, bundleId: DemoCatalog.bundleId),
                        version: "2.0", signedDate: h.now))
            }
            #expect(try await h.audit(lou) == auditBefore)
            #expect(try await h.view(lou) == view)
        }
    }
}

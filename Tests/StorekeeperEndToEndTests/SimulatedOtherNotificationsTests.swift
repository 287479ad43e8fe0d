import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperLocal
import Testing

/// The notification types no In-App Purchase event causes, triggered through the simulator's
/// control API (HTTP) and delivered by it as Apple would: the Advanced Commerce API's
/// METADATA_UPDATE, MIGRATION (also as the changelog's MIGRATE) and PRICE_CHANGE are applied
/// like any subscription fact; EXTERNAL_PURCHASE_TOKEN and RESCIND_CONSENT are recorded and left
/// alone on purpose — and the inbox entry's detail tells operators which, and why.
@Suite struct SimulatedOtherNotificationsTests {
    /// What a step expected and did not find.
    struct Missing: Error, CustomStringConvertible {
        var what: String
        var description: String { "missing: \(what)" }
    }

    @Test(arguments: NotificationBackend.all)
    func controlAPISendsThemAndStorekeeperHandlesEach(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let lou = h.customer("lou")
            let bought = try await h.buy(lou, account: account, DemoCatalog.monthly)
            let original = try #require(bought.transaction.originalTransactionId)
            let control = StorekeeperClient(baseURL: h.stack.simulatorURL + "/control", credential: "")
            let admin = try await h.adminClient(.support)

            /// Triggers one notification through the control API; returns its UUID.
            func trigger(_ path: String, _ body: [String: Any]) async throws -> String {
                let response = try await control.post(path, body)
                #expect(response.status == 200, "\(response.text)")
                guard let uuid = response.json["notificationUUID"] as? String else { throw Missing(what: response.text) }
                return uuid
            }
            /// The inbox entry is processed as `type`/`subtype`; answers what its detail says
            /// Storekeeper does with it.
            func handling(_ uuid: String, _ type: String, _ subtype: String? = nil) async throws -> String {
                guard let entry = try await h.inbox(uuid) else { throw Missing(what: "inbox entry \(uuid)") }
                #expect(entry.status == .processed, "\(entry.lastError ?? "")")
                #expect(entry.notificationType == type)
                #expect(entry.subtype == subtype)
                let detail = try await admin.get("/notifications/\(uuid)")
                #expect(detail.status == 200, "\(detail.text)")
                #expect(detail.json["verified"] as? Bool == true)
                guard let handling = detail.json["handling"] as? String else { throw Missing(what: detail.text) }
                return handling
            }

            // The Advanced Commerce API's types carry the subscription's latest transaction and
            // renewal info: applied, nothing changes when nothing did.
            let viewBefore = try await h.view(lou)
            for type in ["METADATA_UPDATE", "MIGRATION", "MIGRATE"] {
                let uuid = try await trigger("/subscriptions/\(original)/advanced-commerce", ["notificationType": type])
                let text = try await handling(uuid, type)
                #expect(text.contains("Advanced Commerce API change (\(type == "MIGRATE" ? "MIGRATION" : type))"), "\(text)")
                #expect(text.contains(original))
            }
            #expect(try await h.view(lou) == viewBefore)

            // PRICE_CHANGE with a renewal price: the renewal info says it, and the next renewal is
            // charged it and applied as a paid period.
            let priceChange = try await trigger(
                "/subscriptions/\(original)/advanced-commerce", ["notificationType": "PRICE_CHANGE", "renewalPrice": 12_990])
            #expect(try await handling(priceChange, "PRICE_CHANGE").contains("Advanced Commerce API change (PRICE_CHANGE)"))
            let expiry = try #require(bought.transaction.expiresDate)
            try await h.simulator.advance(byMilliseconds: expiry.millisecondsSince1970 - h.now.millisecondsSince1970 + 60_000)
            let renewed = try #require(h.simulator.subscription(originalTransactionId: original))
            #expect(h.simulator.transaction(id: renewed.latestTransactionId)?.payload.price == 12_990)
            try await h.expectProcessed(.didRenew, nil)
            #expect(try await h.audit(lou).filter { $0.kind == "subscription.periodPaid" }.count == 2)
            #expect(try await h.view(lou).entitlement("premium")?.expiresAt == renewed.expiresDate)

            // External purchase tokens: recorded, deliberately not acted on, for every subtype.
            let auditBefore = try await h.audit(lou)
            let viewNow = try await h.view(lou)
            for subtype in ["UNREPORTED", "CREATED", "ACTIVE_TOKEN_REMINDER"] {
                let response = try await control.post(
                    "/apps/\(DemoCatalog.bundleId)/external-purchase-tokens", ["subtype": subtype])
                #expect(response.status == 200, "\(response.text)")
                let uuid = try #require(response.json["notificationUUID"] as? String)
                let token = try #require(response.json["externalPurchaseId"] as? String)
                #expect(token.hasPrefix("SANDBOX_"))
                let text = try await handling(uuid, "EXTERNAL_PURCHASE_TOKEN", subtype)
                #expect(text.contains("deliberately not acted on") && text.contains(token), "\(text)")
            }

            // RESCIND_CONSENT names the Apple account by its appTransactionId, the one lou's
            // transactions carry: recorded, no purchase changes.
            let consent = try await trigger("/accounts/\(account)/rescind-consent", ["bundleId": DemoCatalog.bundleId])
            let text = try await handling(consent, "RESCIND_CONSENT")
            let appTransactionId = try #require(bought.transaction.appTransactionId)
            #expect(text.contains("withdrew consent") && text.contains(appTransactionId), "\(text)")
            #expect(try await h.audit(lou) == auditBefore)
            #expect(try await h.view(lou) == viewNow)

            // What Apple never sends is refused by the control API, and nothing is sent.
            let sentBefore = h.simulator.notifications(bundleId: DemoCatalog.bundleId).count
            let notAdvancedCommerce = try await control.post(
                "/subscriptions/\(original)/advanced-commerce", ["notificationType": "DID_RENEW"])
            #expect(notAdvancedCommerce.status == 400, "\(notAdvancedCommerce.text)")
            let priceOnMigration = try await control.post(
                "/subscriptions/\(original)/advanced-commerce", ["notificationType": "MIGRATION", "renewalPrice": 1])
            #expect(priceOnMigration.status == 400, "\(priceOnMigration.text)")
            let notATokenSubtype = try await control.post(
                "/apps/\(DemoCatalog.bundleId)/external-purchase-tokens", ["subtype": "SUMMARY"])
            #expect(notATokenSubtype.status == 400, "\(notATokenSubtype.text)")
            #expect(h.simulator.notifications(bundleId: DemoCatalog.bundleId).count == sentBefore)
        }
    }
}

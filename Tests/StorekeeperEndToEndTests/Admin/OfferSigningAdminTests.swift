import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Support signs a promotional offer for a subscriber (the CLI's `offers sign`), with the same
/// eligibility rule as the app's own route; a viewer cannot.
@Suite struct OfferSigningAdminTests {
    @Test(arguments: E2EBackend.all)
    func supportSignsAPromotionalOfferForASubscriber(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let pia = h.e2e.customer("pia")
            let path = "/customers/\(pia)/offers/promotional"
            let offer: [String: Any] = ["productId": DemoCatalog.monthly, "offerId": DemoCatalog.promotionalOfferId]
            let notYet = try await h.support.post(path, NotificationAdminStack.action(offer))
            #expect(notYet.status == 409, "promotional offers are for subscribers: \(notYet.text)")
            #expect(notYet.errorCode == "notEligible")

            try await h.buy(pia, account: try h.account("pia"), DemoCatalog.monthly)
            let refused = try await h.viewer.post(path, NotificationAdminStack.action(offer))
            #expect(refused.status == 403)
            let body = NotificationAdminStack.action(offer, reason: "retention offer agreed by phone", key: "offer-\(h.e2e.tag)")
            let signed = try await h.support.post(path, body)
            #expect(signed.status == 200, "\(signed.text)")
            let result = try #require(signed.json["result"])
            #expect(result["offerId"]?.stringValue == DemoCatalog.promotionalOfferId)
            #expect(result["legacy"]?["signature"]?.stringValue?.isEmpty == false)
            let nonce = try #require(result["legacy"]?["nonce"]?.stringValue)
            let again = try await h.support.post(path, body)
            #expect(again.json["replayed"]?.boolValue == true)
            #expect(again.json["result"]?["legacy"]?["nonce"]?.stringValue == nonce, "the first signature, not a new one")
            let events = try await h.e2e.audit(pia).filter { $0.kind == "offer.signedForCustomer" }
            #expect(events.map(\.reason) == ["retention offer agreed by phone"])
        }
    }
}

import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// `GET .../customers/{id}` answers the domain's `CustomerView` with its own JSON writer; the
/// answers that embed a customer carry the wire model `CustomerBody` built from the view. Both
/// must spell the same JSON, byte for byte.
@Suite struct CustomerBodyTests {
    static let complete = #"""
        {"balances":{"gems":70,"coins":-5},"createdAt":1790000000000,"customerId":"alice",
        "entitlements":[{"environment":"Sandbox","expiresAt":1790000600000,"id":"premium","isActive":true,"productId":"p.monthly","source":"Sandbox:1001"}],
        "purchases":[{"currency":"USD","environment":"Sandbox","expiresDate":1790000600000,"isUpgraded":true,"orderId":"8E4B3B6C-2D1A-4C55-9C1E-0F6A4B8E9D21","originalTransactionId":"1000","price":9990,"productId":"p.monthly","purchaseDate":1790000000000,"quantity":1,"revocationDate":1790000300000,"revocationReason":1,"transactionId":"1001"}],
        "subscriptions":[{"autoRenewProductId":"p.yearly","autoRenewStatus":1,"environment":"Sandbox","expiresAt":1790000600000,"group":"g","originalTransactionId":"1000","phase":"active","productId":"p.monthly"}]}
        """#
    static let minimal = #"""
        {"balances":{},"customerId":"guest:device-1","entitlements":[{"environment":"Production","id":"no_ads","isActive":false,"productId":"p.no_ads","source":"Production:7"}],
        "purchases":[{"environment":"Production","isUpgraded":false,"originalTransactionId":"7","productId":"p.no_ads","purchaseDate":1,"quantity":1,"transactionId":"7"}],
        "subscriptions":[{"environment":"Production","originalTransactionId":"9","phase":"expired","productId":"p.monthly"}]}
        """#

    @Test(arguments: [complete, minimal])
    func theWireModelSpellsTheViewsJSON(_ json: String) throws {
        let view = try JSONDecoder().decode(CustomerView.self, from: Data(json.utf8))
        let written = try FastJSONEncoder().encode(view)
        #expect(try FastJSONEncoder().encode(CustomerBody(view)) == written)
        #expect(try JSONDecoder().decode(CustomerBody.self, from: Data(written)) == CustomerBody(view))
    }
}

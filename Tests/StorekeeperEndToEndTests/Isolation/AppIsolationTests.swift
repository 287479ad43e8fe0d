import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// Two apps of one configuration keep their customers apart: one customer id used by both is two
/// customers, and nothing one app (or an operator who may see only it) reads names the other's.
@Suite struct AppIsolationTests {
    @Test(
        "the same customer id in apps A and B: B sees nothing of A's purchase or entitlements, nor does B's operator",
        arguments: E2EBackend.withMemory)
    func aCustomerIdOfTwoAppsIsTwoCustomers(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.additionalApps = [$0.appId + "-b": []] }) { e2e in
            let a = try await AppCallers(e2e, app: e2e.stack.app.id)
            let b = try await AppCallers(e2e, app: e2e.stack.app.id + "-b")
            let kim = e2e.customer("kim")

            // In A, kim orders gems and buys Remove Ads: a balance, a purchase, an entitlement.
            let order = try await a.order(kim, DemoCatalog.gems)
            let gems = try await a.purchase(e2e, kim, DemoCatalog.gems, order: order)
            let ads = try await a.purchase(e2e, kim, DemoCatalog.removeAds)
            let inA = try await a.view(kim)
            #expect(inA.has("no_ads") && inA.balances["gems"] == 100 && inA.purchases.count == 2)

            // B's kim is another customer: nothing of A's.
            let inB = try await b.view(kim)
            #expect(inB.entitlements.isEmpty, "\(inB)")
            #expect(inB.purchases.isEmpty && inB.balances.isEmpty && inB.subscriptions.isEmpty, "\(inB)")
            let aIds =
                try [gems, ads].flatMap { bought in
                    [try #require(bought.transaction.transactionId), try #require(bought.transaction.originalTransactionId)]
                } + [order.id.uuidString.lowercased(), order.appAccountToken.uuidString.lowercased()]
            for (name, read) in try await b.everyRead(of: kim) {
                let text = read.text.lowercased()
                for id in aIds { #expect(!text.contains("\"\(id)\""), "B's \(name) of \(kim) names A's \(id): \(read.text)") }
            }
            // B's operator finds nothing of A's by any of its identifiers; A's operator does.
            for id in aIds {
                #expect(try await b.search(id).isEmpty, "B's operator found A's \(id)")
                #expect(try await a.search(id).map(\.customerId).allSatisfy { $0 == kim })
                #expect(try await !a.search(id).isEmpty, "A's operator finds A's \(id)")
            }
            let byName = try await b.search(kim)
            #expect(byName.isEmpty, "B has no kim yet: \(byName)")

            // B's backend cannot read or move A's order, nor take A's purchase for B's kim.
            let read = try await b.server.get("/orders/\(order.id.uuidString)")
            #expect(read.status == 404 && read.errorCode == "notFound", "\(read.text)")
            let cancel = try await b.server.send(.POST, "/orders/\(order.id.uuidString)/cancel", body: nil)
            #expect(cancel.status == 404, "\(cancel.text)")
            let taken = try await b.server.post("/purchases", ["customerId": kim, "signedTransaction": ads.signedTransaction])
            #expect(taken.status == 409 && taken.errorCode == "ownedByAnotherCustomer", "\(taken.text)")
            #expect(try await b.view(kim).entitlements.isEmpty)
            // B's support cannot correct A's order either.
            let corrected = try await b.support.post(
                "/orders/\(order.id.uuidString)/correct",
                ["action": "mark_failed", "reason": "test", "idempotencyKey": "c-\(e2e.tag)"])
            #expect(corrected.status == 404, "\(corrected.text)")

            // B's own kim spends nothing of A's gems, and has wallets of its own.
            let spend = try await b.server.post(
                "/customers/\(kim)/spend", ["currency": "gems", "amount": 10, "idempotencyKey": "s-\(e2e.tag)"])
            #expect(spend.status == 409 && spend.errorCode == "insufficientFunds", "\(spend.text)")
            #expect(try await a.view(kim).balances["gems"] == 100)
        }
    }

    @Test(
        "apps of one group share their customers; an app outside the group sees none of them",
        arguments: E2EBackend.withMemory)
    func aGroupSharesItsCustomers(_ backend: E2EBackend) async throws {
        try await E2E.routes(
            backend,
            configure: { options in
                options.additionalApps = [options.appId + "-ios": [], options.appId + "-mac": []]
                options.appGroups = [AppGroup(id: options.appId + "-product", apps: [options.appId + "-ios", options.appId + "-mac"])]
            }
        ) { e2e in
            let alone = try await AppCallers(e2e, app: e2e.stack.app.id)
            let ios = try await AppCallers(e2e, app: e2e.stack.app.id + "-ios")
            let mac = try await AppCallers(e2e, app: e2e.stack.app.id + "-mac")
            let kim = e2e.customer("kim")
            let bought = try await ios.purchase(e2e, kim, DemoCatalog.removeAds)
            let transactionId = try #require(bought.transaction.transactionId)

            // The Mac app's kim is the iOS app's: the purchase, the entitlement, the operator's search.
            let onMac = try await mac.view(kim)
            #expect(onMac.has("no_ads") && onMac.purchases.map(\.transactionId) == [transactionId], "\(onMac)")
            let found = try await mac.search(transactionId)
            #expect(!found.isEmpty && Set(found.map(\.customerId)) == [kim], "\(found)")
            let restored = try await mac.server.post("/customers/\(kim)/restore", ["signedTransactions": [bought.signedTransaction]])
            #expect(restored.status == 200, "the group's other app restores its customer's purchase: \(restored.text)")
            // What an operator of one of the group's apps grants stays when the other app's
            // purchase recomputes the customer's entitlements.
            let granted = try await ios.support.post(
                "/customers/\(kim)/grants",
                ["entitlement": "season_pass", "duration": "P1D", "reason": "goodwill", "idempotencyKey": "g-\(e2e.tag)"])
            #expect(granted.status == 200, "\(granted.text)")
            _ = try await mac.purchase(e2e, kim, DemoCatalog.monthly)
            for app in [ios, mac] {
                let view = try await app.view(kim)
                #expect(view.has("season_pass") && view.has("premium") && view.has("no_ads"), "\(app.app): \(view)")
            }
            // The app outside the group: nothing.
            #expect(try await alone.view(kim).entitlements.isEmpty)
            #expect(try await alone.search(transactionId).isEmpty)
            let taken = try await alone.server.post("/purchases", ["customerId": kim, "signedTransaction": bought.signedTransaction])
            #expect(taken.status == 409, "\(taken.text)")
        }
    }
}

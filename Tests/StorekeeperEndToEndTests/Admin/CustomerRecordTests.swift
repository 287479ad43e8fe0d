import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// `GET /v1/admin/apps/{app}/customers/{customer}` and its pages: everything support needs about
/// one customer, read on both backends after real purchases at the simulator.
@Suite struct CustomerRecordTests {
    static func decode<T: Decodable>(
        _ type: T.Type, _ response: APIResponse, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        try #require(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(T.self, from: response.body)
    }

    @Test(arguments: E2EBackend.all)
    func theRecordShowsEverythingWithItsSource(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let guest = "guest:\(e2e.customer("phone"))"
            let account = try e2e.appleAccount("apple-\(e2e.tag)")
            let subscriptionOrder = try await e2e.createOrder(alice, product: DemoCatalog.monthly)
            let subscription = try await e2e.buy(DemoCatalog.monthly, account: account, token: subscriptionOrder.appAccountToken)
            _ = try await e2e.submit(alice, signedTransaction: subscription.signedTransaction, orderId: subscriptionOrder.id)
            var gemOrders: [OrderBody] = []
            for _ in 0..<2 {
                let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
                let gems = try await e2e.buy(DemoCatalog.gems, account: account, token: order.appAccountToken)
                _ = try await e2e.submit(alice, signedTransaction: gems.signedTransaction, orderId: order.id)
                gemOrders.append(order)
            }
            // A guest left an order unpaid on a phone, then logged in as alice: the order is hers now.
            let guestOrder = try await e2e.createOrder(guest, product: DemoCatalog.gems)
            _ = try await e2e.server.post("/customers/\(alice)/aliases", ["alias": guest])

            let viewer = try await e2e.operatorClient(.viewer)
            let record = try Self.decode(AdminCustomerRecord.self, try await viewer.get("/customers/\(alice)"))
            #expect(record.exists)
            #expect(record.aliases.map(\.customerId) == [guest])
            let transactionId = try #require(subscription.transaction.transactionId)
            let premium = try #require(record.entitlements.first { $0.id == "premium" })
            #expect(premium.isActive)
            #expect(premium.source.kind == "appleTransaction")
            #expect(premium.source.transactionId == transactionId)
            #expect(premium.expiresAt == subscription.transaction.expiresDate?.millisecondsSince1970)
            let stored = try #require(record.subscriptions.first)
            #expect(stored.productId == DemoCatalog.monthly)
            #expect(stored.autoRenewStatus == 1)
            #expect(stored.autoRenewProductId == DemoCatalog.monthly)
            #expect(stored.periods.map(\.transactionId) == [transactionId])
            #expect(stored.renewalInfo?.autoRenewEnabled == true)
            #expect(record.wallet.balances == ["gems": 200])
            #expect(record.wallet.entries.map(\.kind) == ["credit", "credit"])
            #expect(record.wallet.entries.allSatisfy { $0.amount == 100 && $0.postings.count == 2 })
            #expect(record.orders.items.count == 4)
            #expect(
                record.orders.items.map { $0.id == guestOrder.id ? "guest:" + $0.state : $0.state }.sorted() == [
                    "delivered", "delivered", "delivered", "guest:created",
                ])
            #expect(record.purchases.count == 3)
            #expect(record.purchases.allSatisfy { $0.revocationDate == nil })

            // Pages: one order at a time, newest first, as the record lists them.
            var paged: [UUID] = []
            var path = "/customers/\(alice)/orders?limit=1"
            for _ in 0..<5 {
                let page = try Self.decode(AdminOrderPage.self, try await viewer.get(path))
                paged += page.items.map(\.id)
                guard let next = page.nextCursor else { break }
                path = "/customers/\(alice)/orders?limit=1&before=\(next)"
            }
            #expect(paged == record.orders.items.map(\.id))
            #expect(Set(paged) == Set([subscriptionOrder.id, guestOrder.id] + gemOrders.map(\.id)))
            let ledger = try Self.decode(AdminWallet.self, try await viewer.get("/customers/\(alice)/ledger?limit=1"))
            #expect(ledger.entries.count == 1)
            let older = try Self.decode(
                AdminWallet.self, try await viewer.get("/customers/\(alice)/ledger?limit=1&before=\(try #require(ledger.nextCursor))"))
            #expect(older.entries.map(\.key) == [record.wallet.entries[1].key])

            // A guest's record says whose account it joined.
            let guestRecord = try Self.decode(AdminCustomerRecord.self, try await viewer.get("/customers/\(guest)"))
            #expect(guestRecord.mergedInto == alice)
        }
    }

    /// An operator's grant (helper "act"'s action) shows in the record as theirs: the operator,
    /// the grant and the reason, not an Apple transaction; and on the timeline as an operator
    /// action with its reason.
    @Test(arguments: E2EBackend.all)
    func operatorGrantsNameTheOperatorAndTheReason(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let bob = e2e.customer("bob")
            _ = try await e2e.createOrder(bob, product: DemoCatalog.gems)
            let support = try await e2e.createOperator(.support)
            let granted = try await e2e.adminClient(credential: support.key).post(
                "/customers/\(bob)/grants",
                ["entitlement": "premium", "duration": "PT2H", "reason": "outage on the 3rd", "idempotencyKey": "g-\(e2e.tag)"])
            #expect(granted.status == 200, "\(granted.text)")
            let viewer = try await e2e.operatorClient(.viewer)
            let record = try Self.decode(AdminCustomerRecord.self, try await viewer.get("/customers/\(bob)"))
            let premium = try #require(record.entitlements.first { $0.id == "premium" })
            #expect(premium.isActive)
            #expect(premium.source.kind == "operatorGrant")
            #expect(premium.source.operatorName == support.name)
            #expect(premium.source.grantId?.lowercased() == granted.json["result"]?["grant"]?["id"]?.stringValue?.lowercased())
            #expect(premium.source.reason == "outage on the 3rd")
            #expect(premium.source.transactionId == nil && premium.source.originalTransactionId == nil)
            let actions = try Self.decode(AdminTimelinePage.self, try await viewer.get("/customers/\(bob)/timeline?kind=operator"))
            #expect(actions.entries.contains { $0.event?.kind == "grant.created" && $0.event?.reason == "outage on the 3rd" })
            #expect(
                !actions.entries.isEmpty
                    && actions.entries.allSatisfy { $0.event.flatMap { AuditActor(rawValue: $0.actor).operatorName } == support.name })
        }
    }

    @Test(arguments: E2EBackend.all)
    func unknownCustomersAreEmptyAndBadInputIsRefused(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let nobody = try Self.decode(AdminCustomerRecord.self, try await viewer.get("/customers/nobody-\(e2e.tag)"))
            #expect(!nobody.exists)
            #expect(nobody.entitlements.isEmpty && nobody.orders.items.isEmpty && nobody.wallet.balances.isEmpty)
            for path in [
                "/customers/a%20b", "/customers/x/orders?before=nonsense", "/customers/x/ledger?before=1.x",
                "/customers/x/orders?limit=0", "/customers/x/ledger?limit=201",
            ] {
                let refused = try await viewer.get(path)
                #expect(refused.status == 400, "\(path): \(refused.text)")
                #expect(refused.errorCode == "invalidRequest")
            }
            let serverKey = try await e2e.adminClient(credential: e2e.stack.apiKey).get("/customers/x")
            #expect(serverKey.status == 403)
        }
    }
}

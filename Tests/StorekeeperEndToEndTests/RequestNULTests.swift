import AppStoreModels
import AppStoreSimulator
import Foundation
import NIOHTTP1
import Storekeeper
import Testing

/// U+0000 (NUL) anywhere a request carries text: PostgreSQL's `TEXT` cannot hold it and SQLite
/// can, so Storekeeper refuses it at the boundary, with the same 400 `nulCharacter` on every
/// backend, and nothing is written.
@Suite struct RequestNULTests {
    /// What the cases refer to: a customer with currency, another one, an order, a signed
    /// transaction.
    struct Fixture {
        let alice: String
        let bob: String
        let order: String
        let jws: String
    }

    /// One request with NUL in one place; every other part of it is valid.
    struct Case: Sendable {
        let label: String
        let method: HTTPMethod
        let path: @Sendable (Fixture) -> String
        let body: @Sendable (Fixture) -> [String: Any]?

        init(
            _ label: String, method: HTTPMethod = .POST, _ path: @escaping @Sendable (Fixture) -> String,
            body: @escaping @Sendable (Fixture) -> [String: Any]? = { _ in nil }
        ) {
            self.label = label
            self.method = method
            self.path = path
            self.body = body
        }
    }

    static let nul = "\u{0}"

    /// Every string field of every route that takes a JSON body (from `openapi.json`), an
    /// unknown field and a key, every path parameter, and a query.
    static let cases: [Case] = [
        Case("orders customerId", { _ in "/orders" }, body: { ["customerId": $0.alice + nul, "productId": DemoCatalog.gems] }),
        Case("orders productId", { _ in "/orders" }, body: { ["customerId": $0.alice, "productId": DemoCatalog.gems + nul] }),
        Case(
            "orders businessPrice.storefront", { _ in "/orders" },
            body: {
                [
                    "customerId": $0.alice, "productId": DemoCatalog.gems,
                    "businessPrice": ["milliunits": 990, "storefront": "USA" + nul],
                ]
            }),
        Case("purchases customerId", { _ in "/purchases" }, body: { ["customerId": $0.alice + nul, "signedTransaction": $0.jws] }),
        Case("purchases signedTransaction", { _ in "/purchases" }, body: { ["customerId": $0.alice, "signedTransaction": $0.jws + nul] }),
        Case("purchases appReceipt", { _ in "/purchases" }, body: { ["customerId": $0.alice, "appReceipt": "MIIT" + nul] }),
        Case(
            "purchases transactionReceipt", { _ in "/purchases" },
            body: { ["customerId": $0.alice, "transactionReceipt": "ewoJ" + nul] }),
        Case(
            "purchases orderId", { _ in "/purchases" },
            body: { ["customerId": $0.alice, "signedTransaction": $0.jws, "orderId": $0.order + nul] }),
        Case(
            "spend currency", { "/customers/\($0.alice)/spend" },
            body: { _ in ["currency": "gems" + nul, "amount": 1, "idempotencyKey": "nul-1"] }),
        Case(
            "spend idempotencyKey", { "/customers/\($0.alice)/spend" },
            body: { _ in ["currency": "gems", "amount": 1, "idempotencyKey": "nul-1" + nul] }),
        Case(
            "spend reference", { "/customers/\($0.alice)/spend" },
            body: { _ in ["currency": "gems", "amount": 1, "idempotencyKey": "nul-1", "reference": "item:" + nul] }),
        Case(
            "consumption-consent unknown field", method: .PUT, { "/customers/\($0.alice)/consumption-consent" },
            body: { _ in ["consented": true, "note": nul] }),
        Case(
            "consumption-consent key", method: .PUT, { "/customers/\($0.alice)/consumption-consent" },
            body: { _ in ["consented": true, "note" + nul: "x"] }),
        Case("restore signedTransactions", { "/customers/\($0.alice)/restore" }, body: { ["signedTransactions": [$0.jws + nul]] }),
        Case("restore appReceipt", { "/customers/\($0.alice)/restore" }, body: { _ in ["appReceipt": "MIIT" + nul] }),
        Case("aliases alias", { "/customers/\($0.alice)/aliases" }, body: { _ in ["alias": "guest:device-1" + nul] }),
        Case(
            "promotional productId", { "/customers/\($0.alice)/offers/promotional" },
            body: { _ in ["productId": DemoCatalog.monthly + nul, "offerId": DemoCatalog.promotionalOfferId] }),
        Case(
            "promotional offerId", { "/customers/\($0.alice)/offers/promotional" },
            body: { _ in ["productId": DemoCatalog.monthly, "offerId": DemoCatalog.promotionalOfferId + nul] }),
        Case(
            "promotional applicationUsername", { "/customers/\($0.alice)/offers/promotional" },
            body: { _ in
                ["productId": DemoCatalog.monthly, "offerId": DemoCatalog.promotionalOfferId, "applicationUsername": "u" + nul]
            }),
        Case("path customer", method: .GET, { "/customers/\($0.alice)%00" }),
        Case(
            "path customer of a write", { "/customers/\($0.alice)%00/spend" },
            body: { _ in ["currency": "gems", "amount": 1, "idempotencyKey": "nul-2"] }),
        Case("path order", method: .GET, { "/orders/\($0.order)%00" }),
        Case("path order of pending", { "/orders/\($0.order)%00/pending" }),
        Case("path order of cancel", { "/orders/%00\($0.order)/cancel" }),
        Case("path product", method: .GET, { "/customers/\($0.alice)/offers/introductory/\(DemoCatalog.monthly)%00" }),
        Case("query", method: .GET, { "/customers/\($0.alice)/offers?note=%00" }),
    ]

    @Test(arguments: E2EBackend.all)
    func nulAnywhereInARequestIsRefusedAndNothingIsWritten(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let bob = e2e.customer("bob")
            try e2e.appleAccount("alice-apple-\(e2e.tag)")
            let bought = try await e2e.createOrder(alice, product: DemoCatalog.gems, quantity: 3)
            let purchase = try await e2e.buy(
                DemoCatalog.gems, account: "alice-apple-\(e2e.tag)", token: bought.appAccountToken, quantity: 3)
            #expect(try await e2e.submit(alice, signedTransaction: purchase.signedTransaction).status == 200)
            let order = try await e2e.createOrder(alice, product: DemoCatalog.monthly)
            let fixture = Fixture(alice: alice, bob: bob, order: order.id.uuidString.lowercased(), jws: purchase.signedTransaction)

            var before = try await Self.snapshot(e2e, fixture)
            #expect(before.balance == 300)
            for testCase in Self.cases {
                let body = try testCase.body(fixture).map { try JSONSerialization.data(withJSONObject: $0) }
                let response = try await e2e.server.send(testCase.method, testCase.path(fixture), body: body)
                #expect(response.status == 400, "\(testCase.label): \(response.text)")
                #expect(response.errorCode == "nulCharacter", "\(testCase.label): \(response.text)")
                let after = try await Self.snapshot(e2e, fixture)
                #expect(after == before, "\(testCase.label) wrote something")
                before = after
            }
        }
    }

    /// What a request could have changed: the customers' audit trails and journals, Alice's
    /// balance and subscriptions, the order's state.
    struct Snapshot: Equatable {
        var audit: [Int]
        var journal: [Int]
        var balance: Int64?
        var subscriptions: Int
        var orderState: String?
    }

    static func snapshot(_ e2e: E2EStack, _ fixture: Fixture) async throws -> Snapshot {
        let alice = try E2EStack.id(fixture.alice)
        let bob = try E2EStack.id(fixture.bob)
        let journal = try await e2e.store.read { tx in
            [try await tx.journal(customerId: alice, limit: 1_000).count, try await tx.journal(customerId: bob, limit: 1_000).count]
        }
        let view = try await e2e.view(fixture.alice)
        let order = try await e2e.server.get("/orders/\(fixture.order)")
        return Snapshot(
            audit: [try await e2e.audit(fixture.alice).count, try await e2e.audit(fixture.bob).count], journal: journal,
            balance: view.balances["gems"], subscriptions: view.subscriptions.count,
            orderState: order.json["order"]?["state"]?.stringValue)
    }
}

import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperLocal
import Testing

/// Who may call what, input validation, body limits, and the sandbox policy.
@Suite struct PurchaseAuthorizationTests {
    @Test(arguments: E2EBackend.all)
    func customerTokensActOnlyForThemselves(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let bob = e2e.customer("bob")
            try e2e.appleAccount("bob-apple")
            let bobOrder = try await e2e.createOrder(bob, product: DemoCatalog.removeAds)
            let bobPurchase = try await e2e.buy(DemoCatalog.removeAds, account: "bob-apple", token: bobOrder.appAccountToken)
            let aliceClient = try e2e.client(as: alice)

            // Her own things: allowed.
            #expect(try await aliceClient.get("/customers/\(alice)").status == 200)
            let own = try await aliceClient.post("/orders", ["customerId": alice, "productId": DemoCatalog.gems])
            #expect(own.status == 201)
            let ownOrder = try OrderBody(own.json["order"])
            #expect(try await aliceClient.get("/orders/\(ownOrder.id.uuidString)").status == 200)
            #expect(try await aliceClient.send(.POST, "/orders/\(ownOrder.id.uuidString)/pending", body: nil).status == 200)

            // Bob's: forbidden (or invisible, for orders).
            let forbidden: [(String, [String: Any]?)] = [
                ("/customers/\(bob)", nil),
                ("/orders", ["customerId": bob, "productId": DemoCatalog.gems]),
                ("/purchases", ["customerId": bob, "signedTransaction": bobPurchase.signedTransaction]),
                ("/customers/\(bob)/spend", ["currency": "gems", "amount": 1, "idempotencyKey": "x"]),
                ("/customers/\(bob)/restore", ["signedTransactions": [bobPurchase.signedTransaction]]),
                ("/customers/\(bob)/aliases", ["alias": alice]),
            ]
            for (path, body) in forbidden {
                let response = if let body { try await aliceClient.post(path, body) } else { try await aliceClient.get(path) }
                #expect(response.status == 403, "\(path): \(response.text)")
                #expect(response.errorCode == "forbidden", "\(path)")
            }
            for path in ["/orders/\(bobOrder.id.uuidString)"] {
                #expect(try await aliceClient.get(path).status == 404)
            }
            for path in ["/orders/\(bobOrder.id.uuidString)/pending", "/orders/\(bobOrder.id.uuidString)/cancel"] {
                let response = try await aliceClient.send(.POST, path, body: nil)
                #expect(response.status == 404, "\(path): \(response.text)")
            }
            #expect(try OrderBody(try await e2e.server.get("/orders/\(bobOrder.id.uuidString)").json["order"]).state != "cancelled")
            // Naming Bob's order with her own purchase neither pays it nor shows it.
            try e2e.appleAccount("alice-apple")
            let bobOpen = try await e2e.createOrder(bob, product: DemoCatalog.gems)
            let alicePurchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple")
            let named = try await e2e.submit(
                alice, signedTransaction: alicePurchase.signedTransaction, orderId: bobOpen.id, as: aliceClient)
            #expect(named.status == 200, "\(named.text)")
            #expect(named.json["order"] == nil, "another customer's order is not shown")
            #expect(try OrderBody(try await e2e.server.get("/orders/\(bobOpen.id.uuidString)").json["order"]).state == "created")
            #expect(try await e2e.view(bob).balance("gems") == 0)
            // Presenting Bob's purchase as Alice through her own id is an ownership question,
            // not an authorization one: it is Bob's Apple account.
            #expect(try await e2e.view(bob).purchases.isEmpty == false)
        }
    }

    @Test(arguments: E2EBackend.withMemory)
    func missingOrInvalidCredentialsAre401(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let alice = e2e.customer("alice")
            // Expired well beyond the 60 seconds of clock skew Storekeeper tolerates.
            let expired = e2e.stack.customerToken(try E2EStack.id(alice), lifetimeSeconds: -600)
            let callers = [
                ("none", e2e.client(credential: "")),
                ("garbage", e2e.client(credential: "garbage")),
                ("unknown API key", e2e.client(credential: "sk_" + String(repeating: "A", count: 43))),
                ("expired token", e2e.client(credential: expired)),
                ("tampered token", e2e.client(credential: String(e2e.stack.customerToken(try E2EStack.id(alice)).dropLast(2)) + "xx")),
            ]
            let orderPath = "/orders/\(UUID().uuidString)"
            for (label, caller) in callers {
                for (path, body) in [
                    ("/orders", ["customerId": alice, "productId": DemoCatalog.gems]),
                    (orderPath, nil),
                    ("/purchases", ["customerId": alice, "signedTransaction": "x"]),
                    ("/customers/\(alice)", nil),
                    ("/customers/\(alice)/spend", ["currency": "gems", "amount": 1, "idempotencyKey": "k"]),
                    ("/customers/\(alice)/restore", ["appReceipt": "x"]),
                    ("/customers/\(alice)/aliases", ["alias": "guest:x"]),
                ] as [(String, [String: Any]?)] {
                    let response = if let body { try await caller.post(path, body) } else { try await caller.get(path) }
                    #expect(response.status == 401, "\(label) \(path): \(response.text)")
                    #expect(response.errorCode == "unauthorized", "\(label) \(path)")
                }
            }
            #expect(try await e2e.view(alice).purchases.isEmpty)
        }
    }

    @Test(arguments: E2EBackend.withMemory)
    func badInputAndOversizedBodies(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let alice = e2e.customer("alice")
            let forged = try await e2e.submit(alice, signedTransaction: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln")
            #expect(forged.status == 422, "\(forged.text)")
            #expect(forged.json["error"]?["verificationCode"]?.stringValue != nil)
            let notJWS = try await e2e.submit(alice, signedTransaction: "not a jws")
            #expect(notJWS.status == 422)
            #expect(notJWS.errorCode == "malformed")
            let badOrderId = try await e2e.server.post(
                "/purchases", ["customerId": alice, "signedTransaction": "x", "orderId": "nope"])
            #expect(badOrderId.status == 400)
            #expect(badOrderId.errorCode == "invalidRequest")
            let wrongType = try await e2e.server.post("/purchases", ["customerId": 42, "signedTransaction": "x"])
            #expect(wrongType.status == 400)

            // Receipts grow with history: bodies up to 1 MB are read (and rejected on content);
            // larger bodies are refused before parsing.
            let nearLimit = String(repeating: "A", count: 1_000_000)
            let big = try await e2e.server.post("/purchases", ["customerId": alice, "appReceipt": nearLimit])
            #expect(big.status == 422, "\(big.text)")
            let tooBig = try await e2e.server.post(
                "/purchases", ["customerId": alice, "appReceipt": String(repeating: "A", count: 1_048_577)])
            #expect(tooBig.status == 413)
            #expect(tooBig.errorCode == "payloadTooLarge")
            for path in ["/orders", "/customers/\(alice)/spend", "/customers/\(alice)/restore", "/customers/\(alice)/aliases"] {
                let response = try await e2e.server.post(path, raw: Data(repeating: UInt8(ascii: " "), count: 1_048_577))
                #expect(response.status == 413, "\(path)")
                #expect(response.errorCode == "payloadTooLarge", "\(path)")
            }

            let noApp = CheckedClient(
                transport: e2e.root.appending("/v1/apps/nope"), credential: e2e.stack.apiKey, prefix: "/v1/apps/nope",
                contract: e2e.contract)
            let missingApp = try await noApp.post("/orders", ["customerId": alice, "productId": DemoCatalog.gems])
            #expect(missingApp.status == 404)
            #expect(missingApp.errorCode == "notFound")
        }
    }

    /// The default policy accepts sandbox purchases (App Review buys in sandbox) and marks them
    /// sandbox everywhere; `reject` refuses them while production purchases go through.
    @Test(arguments: E2EBackend.all)
    func sandboxPurchasesFollowTheAppPolicy(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let reviewer = e2e.customer("reviewer")
            try e2e.appleAccount("review-apple", environment: .sandbox)
            let purchase = try await e2e.buy(
                DemoCatalog.removeAds, account: "review-apple",
                token: try await e2e.createOrder(reviewer, product: DemoCatalog.removeAds).appAccountToken)
            let response = try await e2e.submit(reviewer, signedTransaction: purchase.signedTransaction)
            #expect(response.status == 200, "\(response.text)")
            let view = try await e2e.view(reviewer)
            #expect(view.entitlement("no_ads")?.environment == "Sandbox")
            #expect(view.purchases.first?.environment == "Sandbox")
            let order = try OrderBody(response.json["order"])
            #expect(try await e2e.server.get("/orders/\(order.id.uuidString)").json["order"]?["environment"]?.stringValue == "Sandbox")
        }
        var strict = AppPolicy()
        strict.sandbox = .reject
        try await E2E.run(backend, policy: strict) { e2e in
            let reviewer = e2e.customer("reviewer")
            let customer = e2e.customer("customer")
            try e2e.appleAccount("review-apple", environment: .sandbox)
            try e2e.appleAccount("real-apple", environment: .production)
            let sandbox = try await e2e.buy(
                DemoCatalog.removeAds, account: "review-apple",
                token: try await e2e.createOrder(reviewer, product: DemoCatalog.removeAds).appAccountToken)
            let refused = try await e2e.submit(reviewer, signedTransaction: sandbox.signedTransaction)
            #expect(refused.status == 422, "\(refused.text)")
            #expect(refused.errorCode == "wrongEnvironment")
            #expect(try await e2e.view(reviewer).entitlements.isEmpty)
            let receipt = try e2e.simulator.appReceipt(accountId: "review-apple", bundleId: DemoCatalog.bundleId)
            let refusedReceipt = try await e2e.server.post("/purchases", ["customerId": reviewer, "appReceipt": receipt])
            #expect(refusedReceipt.status == 422, "\(refusedReceipt.text)")
            #expect(refusedReceipt.errorCode == "wrongEnvironment")

            let production = try await e2e.buy(
                DemoCatalog.removeAds, account: "real-apple",
                token: try await e2e.createOrder(customer, product: DemoCatalog.removeAds).appAccountToken)
            let accepted = try await e2e.submit(customer, signedTransaction: production.signedTransaction)
            #expect(accepted.status == 200, "\(accepted.text)")
            let view = try await e2e.view(customer)
            #expect(view.entitlement("no_ads")?.environment == "Production")
            #expect(view.purchases.first?.environment == "Production")
        }
    }
}

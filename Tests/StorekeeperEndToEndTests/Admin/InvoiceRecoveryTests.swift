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

/// `seeds/000_*`, `seeds/004_*`: the customer paid, nothing arrived, and they send the order ID of
/// Apple's emailed invoice. Both the App Store's notification and the app's submission were lost,
/// so Storekeeper knows nothing of the payment. Apple's Look Up Order ID returns the signed
/// transaction; its `appAccountToken` names the customer's order. Support finds the customer by
/// the invoice, sees the purchase as paid at Apple and not recorded here, and applies it to the
/// order (an order correction) — once, credited once — from the API and from the console.
@Suite struct InvoiceRecoveryTests {
    /// A purchase of gems whose notification was dropped and which the app never submitted.
    static func lostPurchase(_ e2e: E2EStack, _ customer: String) async throws -> (order: OrderBody, transactionId: String, invoice: String)
    {
        let account = try e2e.appleAccount("apple-\(customer)")
        let order = try await e2e.createOrder(customer, product: DemoCatalog.gems)
        e2e.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
        let bought = try await e2e.buy(DemoCatalog.gems, account: account, token: order.appAccountToken)
        let transactionId = try #require(bought.transaction.transactionId)
        let invoice = try #require(e2e.simulator.transaction(id: transactionId)?.orderId)
        #expect(try await e2e.view(customer).balance("gems") == 0, "nothing arrived")
        return (order, transactionId, invoice)
    }

    static func search(_ client: CheckedClient, _ text: String) async throws -> AdminSearchResponse {
        let response = try await client.get("/search?q=\(text)")
        try #require(response.status == 200, "\(response.text)")
        return try JSONDecoder().decode(AdminSearchResponse.self, from: response.body)
    }

    @Test(arguments: E2EBackend.all)
    func theInvoiceLeadsToTheOrderAndSupportAppliesItOnce(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let nora = e2e.customer("nora")
            let (order, transactionId, invoice) = try await Self.lostPurchase(e2e, nora)
            let support = try await e2e.operatorClient(.support)

            let found = try await Self.search(support, invoice)
            #expect(found.matches.map { SearchMatch.Kind(rawValue: $0.kind) } == [.invoiceOrder])
            #expect(found.matches.map(\.customerId) == [nora], "the token leads to the order's customer")
            #expect(found.invoice?.status == .valid)
            let line = try #require(found.invoice?.transactions.first)
            #expect(found.invoice?.transactions.count == 1)
            #expect(line.transactionId == transactionId)
            #expect(!line.recorded, "paid at Apple, not recorded here")
            #expect(line.customerId == nil)
            #expect(line.appAccountToken == order.appAccountToken)
            let named = try #require(line.order)
            #expect(named.id == order.id && named.customerId == nora && named.productId == DemoCatalog.gems)
            #expect(named.transactionId == nil && named.state != "delivered")

            // Support applies it to the order the token names, with the line's own fields.
            let apply: [String: Any] = [
                "action": "attach", "transactionId": line.transactionId, "environment": line.environment,
                "reason": "invoice \(invoice): paid, nothing arrived", "idempotencyKey": "invoice-\(e2e.tag)",
            ]
            let path = "/orders/\(named.id.uuidString.lowercased())/correct"
            let applied = try await support.post(path, apply)
            #expect(applied.status == 200, "\(applied.text)")
            #expect(applied.json["result"]?["changed"] == .bool(true))
            #expect(try await e2e.view(nora).balance("gems") == 100)
            // Again (a retry, a second click, another operator with a new key): nothing twice.
            let replay = try await support.post(path, apply)
            #expect(replay.json["replayed"] == .bool(true))
            var again = apply
            again["idempotencyKey"] = "invoice-again-\(e2e.tag)"
            let second = try await support.post(path, again)
            #expect(second.status == 200, "\(second.text)")
            #expect(second.json["result"]?["changed"] == .bool(false))
            #expect(try await e2e.view(nora).balance("gems") == 100, "credited once")

            // The invoice now shows the purchase recorded for her, the order delivered by it.
            let after = try await Self.search(support, invoice)
            let recorded = try #require(after.invoice?.transactions.first)
            #expect(recorded.recorded && recorded.customerId == nora)
            #expect(recorded.order?.state == "delivered" && recorded.order?.transactionId == transactionId)
            #expect(after.matches.map(\.customerId) == [nora])
            let corrected = try await e2e.audit(nora).filter { $0.kind == "order.corrected" }
            #expect(corrected.count == 2)
            #expect(corrected.filter { $0.details["changed"] == "true" }.count == 1)
        }
    }

    @Test(arguments: E2EBackend.all)
    func theConsoleShowsTheLostPurchaseAndAppliesIt(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let otto = e2e.customer("otto")
            let (order, transactionId, invoice) = try await Self.lostPurchase(e2e, otto)
            let search = "/console/apps/\(e2e.stack.app.id)/search?q=\(invoice)"
            let action = "/console/apps/\(e2e.stack.app.id)/customers/\(otto)/orders/correct"

            let viewer = try await e2e.createOperator(.viewer, name: "console-viewer-\(e2e.tag)")
            try await ConsoleWebBrowser.with(e2e.stack.storekeeperURL) { browser in
                try await browser.signIn(viewer.name, key: viewer.key)
                let page = try await browser.get(search)
                #expect(page.status == 200, "not a redirect to the customer: the lost purchase is shown")
                #expect(page.html.contains("paid at Apple, not recorded here") && page.html.contains(transactionId))
                #expect(!page.html.contains("action=\"\(action)\""), "a viewer cannot apply it")
            }
            let support = try await e2e.createOperator(.support, name: "console-support-\(e2e.tag)")
            try await ConsoleWebBrowser.with(e2e.stack.storekeeperURL) { browser in
                try await browser.signIn(support.name, key: support.key)
                let page = try await browser.get(search)
                #expect(page.html.contains(order.id.uuidString.lowercased()))
                let fields = try ["order", "action", "transactionId", "environment"].map { ($0, try page.field($0, of: action)) }
                #expect(fields.map(\.1) == [order.id.uuidString.lowercased(), "attach", transactionId, "Sandbox"])
                let applied = try await browser.submit(action, on: page, fields + [("reason", "invoice \(invoice)")])
                #expect(applied.status == 200 && applied.html.contains("Order corrected (attach)."), "\(applied.html)")
                let twice = try await browser.submit(action, on: page, fields + [("reason", "invoice \(invoice)")])
                #expect(twice.status == 200 && twice.html.contains("had already been sent"), "the same form again does nothing again")
                #expect(try await e2e.view(otto).balance("gems") == 100, "credited once")
                let recorded = try await browser.get(search)
                #expect(recorded.status == 303, "recorded now: the invoice opens the customer")
            }
            let audit = try await e2e.audit(otto).filter { $0.kind == "order.corrected" }
            #expect(audit.count == 1)
            #expect(audit.first?.actor.rawValue == "operator:console-support-\(e2e.tag)")
        }
    }
}

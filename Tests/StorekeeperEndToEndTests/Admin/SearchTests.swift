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

/// `GET /v1/admin/apps/{app}/search?q=`: one box, any identifier support is handed, on both
/// backends, against the simulator.
@Suite struct SearchTests {
    static func matches(_ response: APIResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> AdminSearchResponse {
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(AdminSearchResponse.self, from: response.body)
    }

    @Test(arguments: E2EBackend.all)
    func everyIdentifierLeadsToTheCustomer(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let guest = "guest:\(e2e.customer("ipad"))"
            let account = try e2e.appleAccount("apple-\(e2e.tag)")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.monthly)
            let bought = try await e2e.buy(DemoCatalog.monthly, account: account, token: order.appAccountToken)
            let submitted = try await e2e.submit(alice, signedTransaction: bought.signedTransaction, orderId: order.id)
            #expect(submitted.status == 200, "\(submitted.text)")
            // A guest who bought nothing logs in as alice.
            _ = try await e2e.server.post("/orders", ["customerId": guest, "productId": DemoCatalog.gems])
            let merged = try await e2e.server.post("/customers/\(alice)/aliases", ["alias": guest])
            #expect(merged.status == 200, "\(merged.text)")

            let viewer = try await e2e.operatorClient(.viewer)
            let transactionId = try #require(bought.transaction.transactionId)
            let originalId = try #require(bought.transaction.originalTransactionId)
            let periodId = try #require(bought.transaction.webOrderLineItemId)
            let invoice = try #require(e2e.simulator.transaction(id: transactionId)?.orderId)
            let cases: [(String, SearchMatch.Kind)] = [
                (alice, .customer), (guest, .alias), (order.id.uuidString.lowercased(), .order),
                (order.appAccountToken.uuidString, .order), (transactionId, .transaction),
                (originalId, .originalTransaction), (periodId, .webOrderLineItem), (invoice, .invoiceOrder),
                ("  \(alice)\n", .customer),
            ]
            for (query, kind) in cases {
                let escaped = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
                let answer = try Self.matches(try await viewer.get("/search?q=\(escaped)"))
                let found = answer.matches.filter { SearchMatch.Kind(rawValue: $0.kind) == kind }
                #expect(found.map(\.customerId) == [alice], "\(query) as \(kind): \(answer.matches)")
            }
            // The invoice: Apple's lines, verified, each with its owner.
            let byInvoice = try Self.matches(try await viewer.get("/search?q=\(invoice)"))
            #expect(byInvoice.invoice?.status == .valid)
            #expect(byInvoice.invoice?.transactions.map(\.transactionId) == [transactionId])
            #expect(byInvoice.invoice?.transactions.first?.customerId == alice)
            // An order ID is also the purchase's token: the original transaction and the order agree.
            let byTransaction = try Self.matches(try await viewer.get("/search?q=\(transactionId)"))
            #expect(Set(byTransaction.matches.map { SearchMatch.Kind(rawValue: $0.kind) }) == [.transaction, .originalTransaction])
        }
    }

    @Test(arguments: E2EBackend.all)
    func unknownIdentifiersMatchNothingAndBadQueriesAreRefused(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let viewer = try await e2e.operatorClient(.viewer)
            let nothing = try Self.matches(try await viewer.get("/search?q=nobody-\(e2e.tag)"))
            #expect(nothing.matches.isEmpty)
            #expect(nothing.candidates.map(SearchMatch.Kind.init(rawValue:)) == [.customer, .alias])
            // Apple does not know this invoice: said so, no match.
            let unknownInvoice = try Self.matches(try await viewer.get("/search?q=ZZ9PLURALZ"))
            #expect(unknownInvoice.invoice?.status == .invalid)
            #expect(unknownInvoice.matches.isEmpty)
            for bad in ["", "%20%20", "a%20b", String(repeating: "x", count: 129), "%C3%A9t%C3%A9"] {
                let refused = try await viewer.get("/search?q=\(bad)")
                #expect(refused.status == 400, "\(bad): \(refused.text)")
                #expect(refused.errorCode == "invalidRequest")
            }
            let missing = try await viewer.get("/search")
            #expect(missing.status == 400)
        }
    }

    /// Search is for operators of the app only.
    @Test(arguments: E2EBackend.all)
    func onlyTheAppsOperatorsSearch(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.additionalApps = [$0.appId + "-b": []] }) { e2e in
            let alice = e2e.customer("alice")
            _ = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            let serverKey = try await e2e.adminClient(credential: e2e.stack.apiKey).get("/search?q=\(alice)")
            #expect(serverKey.status == 403)
            let anonymous = try await e2e.adminClient(credential: "").get("/search?q=\(alice)")
            #expect(anonymous.status == 401)
            let theirs = try await e2e.createOperator(.admin, apps: [e2e.stack.app.id + "-b"])
            let elsewhere = try await e2e.adminClient(credential: theirs.key).get("/search?q=\(alice)")
            #expect(elsewhere.status == 404, "another app's operator cannot tell this app exists")
            let viewer = try await e2e.operatorClient(.viewer)
            #expect(
                try Self.matches(try await viewer.get("/search?q=\(alice)")).matches.map { SearchMatch.Kind(rawValue: $0.kind) } == [
                    .customer
                ])
        }
    }
}

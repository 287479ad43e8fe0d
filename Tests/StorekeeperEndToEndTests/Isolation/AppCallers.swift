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

/// The callers of one configured app in an end-to-end stack: its backend (the app's server key)
/// and a support operator who may see only this app.
struct AppCallers: Sendable {
    let app: String
    let server: CheckedClient
    let support: CheckedClient

    init(_ e2e: E2EStack, app: String) async throws {
        self.app = app
        let key = try #require(e2e.stack.apiKey(forApp: app), "no server key for \(app)")
        let prefix = "/v1/apps/" + app
        server = CheckedClient(transport: e2e.root.appending(prefix), credential: key, prefix: prefix, contract: e2e.contract)
        let support = try await e2e.createOperator(.support, name: "support-\(app)-\(e2e.tag)", apps: [app])
        self.support = e2e.adminClient(credential: support.key, app: app)
    }

    /// `POST /orders` for `customer`; the order.
    func order(_ customer: String, _ product: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> OrderBody {
        let response = try await server.post("/orders", ["customerId": customer, "productId": product], sourceLocation: sourceLocation)
        #expect(response.status == 201, "\(app): \(response.text)", sourceLocation: sourceLocation)
        return try OrderBody(response.json["order"], sourceLocation: sourceLocation)
    }

    /// Buys `product` at the simulator under a fresh Apple account (with `order`'s token) and
    /// submits it for `customer`; the purchase as Apple signed it.
    func purchase(
        _ e2e: E2EStack, _ customer: String, _ product: String, order: OrderBody? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> PurchaseResult {
        let account = try e2e.appleAccount("apple-\(UUID().uuidString.prefix(12).lowercased())")
        let bought = try await e2e.buy(product, account: account, token: order?.appAccountToken)
        var body: [String: Any] = ["customerId": customer, "signedTransaction": bought.signedTransaction]
        if let order { body["orderId"] = order.id.uuidString }
        let submitted = try await server.post("/purchases", body, sourceLocation: sourceLocation)
        #expect(submitted.status == 200, "\(app): \(submitted.text)", sourceLocation: sourceLocation)
        return bought
    }

    /// `GET /customers/{customer}` as the app's backend.
    func view(_ customer: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> CustomerBody {
        let response = try await server.get("/customers/\(customer)", sourceLocation: sourceLocation)
        #expect(response.status == 200, "\(app): \(response.text)", sourceLocation: sourceLocation)
        return try CustomerBody(response.json)
    }

    /// The operator's search for `text`: what it matched.
    func search(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [SearchMatchBody] {
        let escaped = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
        let response = try await support.get("/search?q=\(escaped)", sourceLocation: sourceLocation)
        #expect(response.status == 200, "\(app): \(response.text)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(AdminSearchResponse.self, from: response.body).matches
    }

    /// Every read an operator or the backend has of `customer`: the backend's view, the
    /// operator's record, and every page of their orders, wallet and timeline, as their bodies.
    func everyRead(of customer: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [(String, APIResponse)] {
        var reads: [(String, APIResponse)] = [
            ("view", try await server.get("/customers/\(customer)", sourceLocation: sourceLocation)),
            ("record", try await support.get("/customers/\(customer)", sourceLocation: sourceLocation)),
        ]
        for path in ["/orders", "/ledger", "/timeline"] {
            var cursor: String?
            repeat {
                let query = cursor.map { "?before=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? ""
                let page = try await support.get("/customers/\(customer)\(path)\(query)", sourceLocation: sourceLocation)
                reads.append(("record\(path)", page))
                cursor = page.status == 200 ? page.json["nextCursor"]?.stringValue : nil
            } while cursor != nil
        }
        for (name, response) in reads {
            #expect(response.status == 200, "\(app) \(name) of \(customer): \(response.text)", sourceLocation: sourceLocation)
        }
        return reads
    }
}

import AppStoreSimulator
import Foundation
import NIOHTTP1
import StorekeeperAPIModels
import StorekeeperLocal
import Testing

/// How much body each route reads: none on the routes that take none, a little on the routes
/// whose JSON has a few short fields, `server.maxBodyBytes` only where receipts or Apple's
/// notifications travel. A refused body is a 413 `payloadTooLarge`, and the server closes the
/// connection after it instead of reading the rest.
@Suite struct RequestBodyLimitTests {
    @Test(arguments: E2EBackend.withMemory)
    func routesWithoutABodyRefuseOne(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let alice = e2e.customer("alice")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            let operations = e2e.operations
            let calls: [(CheckedClient, HTTPMethod, String)] = [
                (e2e.server, .GET, "/orders/\(order.id)"),
                (e2e.server, .GET, "/customers/\(alice)"),
                (e2e.server, .GET, "/customers/\(alice)/offers"),
                (e2e.server, .GET, "/customers/\(alice)/offers/introductory/\(DemoCatalog.monthly)"),
                (operations, .GET, "/health"),
                (operations, .GET, "/ready"),
                (operations, .GET, "/openapi.json"),
                (operations, .GET, "/metrics"),
            ]
            for (client, method, path) in calls {
                let response = try await client.send(method, path, body: Data("{}".utf8))
                #expect(response.status == 413, "\(method) \(path): \(response.text)")
                #expect(response.errorCode == "payloadTooLarge", "\(method) \(path)")
            }
            // The body-less POST routes take an empty JSON object (clients send one) and nothing more.
            for path in ["/orders/\(order.id)/pending", "/orders/\(order.id)/cancel"] {
                for body in [#"{"state":"cancelled"}"#, "[]", "{}{}", "null", String(repeating: " ", count: 65) + "{}"] {
                    let response = try await e2e.server.send(.POST, path, body: Data(body.utf8))
                    #expect(response.status == 413, "POST \(path) with \(body): \(response.text)")
                    #expect(response.errorCode == "payloadTooLarge", "POST \(path) with \(body)")
                }
            }
            // The refused calls changed nothing; without a body the same calls work.
            let unchanged = try await e2e.server.get("/orders/\(order.id)")
            #expect(try OrderBody(unchanged.json["order"]).state == "created")
            let cancelled = try await e2e.server.send(.POST, "/orders/\(order.id)/cancel", body: nil)
            #expect(cancelled.status == 200, "\(cancelled.text)")
            #expect(try OrderBody(cancelled.json["order"]).state == "cancelled")
            let health = try await operations.get("/health")
            #expect(health.status == 200)
        }
    }

    /// Who asks is settled before what the request carries: a body-less route called without
    /// credentials, and with a body, is 401 (not 413), on the app's routes and the operators'.
    @Test(arguments: E2EBackend.withMemory)
    func credentialsAreCheckedBeforeTheBody(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let alice = e2e.customer("alice")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            let anonymous = e2e.client(credential: "")
            let admin = e2e.adminClient(credential: "")
            let calls: [(CheckedClient, HTTPMethod, String)] = [
                (anonymous, .GET, "/orders/\(order.id)"),
                (anonymous, .POST, "/orders/\(order.id)/pending"),
                (anonymous, .POST, "/orders/\(order.id)/cancel"),
                (anonymous, .GET, "/customers/\(alice)"),
                (anonymous, .GET, "/customers/\(alice)/offers"),
                (anonymous, .GET, "/customers/\(alice)/offers/introductory/\(DemoCatalog.monthly)"),
                (admin, .GET, "/customers/\(alice)"),
                (admin, .GET, "/customers/\(alice)/timeline"),
                (admin, .GET, "/search?q=\(alice)"),
                (admin, .GET, "/notifications"),
            ]
            for (client, method, path) in calls {
                let response = try await client.send(method, path, body: Data(#"{"state":"cancelled"}"#.utf8))
                #expect(response.status == 401, "\(method) \(path): \(response.text)")
            }
            let unchanged = try await e2e.server.get("/orders/\(order.id)")
            #expect(try OrderBody(unchanged.json["order"]).state == "created")
        }
    }

    /// Common HTTP clients send `{}` with every JSON POST: the order routes without fields take it.
    @Test(arguments: E2EBackend.withMemory)
    func bodylessOrderRoutesTakeAnEmptyJSONObject(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let order = try await e2e.createOrder(e2e.customer("alice"), product: DemoCatalog.gems)
            let pending = try await e2e.server.send(.POST, "/orders/\(order.id)/pending", body: Data("{}".utf8))
            #expect(pending.status == 200, "\(pending.text)")
            #expect(try OrderBody(pending.json["order"]).state == "pending")
            let cancelled = try await e2e.server.send(.POST, "/orders/\(order.id)/cancel", body: Data(" { }\n".utf8))
            #expect(cancelled.status == 200, "\(cancelled.text)")
            #expect(try OrderBody(cancelled.json["order"]).state == "cancelled")
        }
    }

    @Test(arguments: E2EBackend.withMemory)
    func smallJSONRoutesReadLittleAndReceiptRoutesMore(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let alice = e2e.customer("alice")
            // Valid bodies but for an ignored field: 20 KB is more than any of these routes needs.
            let padding = String(repeating: "p", count: 20 * 1024)
            let small: [(HTTPMethod, String, [String: Any])] = [
                (.POST, "/orders", ["customerId": alice, "productId": DemoCatalog.gems, "padding": padding]),
                (.POST, "/customers/\(alice)/spend", ["currency": "gems", "amount": 1, "idempotencyKey": "k", "padding": padding]),
                (.PUT, "/customers/\(alice)/consumption-consent", ["consented": true, "padding": padding]),
                (.POST, "/customers/\(alice)/aliases", ["alias": "guest:\(alice)", "padding": padding]),
                (
                    .POST, "/customers/\(alice)/offers/promotional",
                    ["productId": DemoCatalog.monthly, "offerId": DemoCatalog.promotionalOfferId, "padding": padding]
                ),
            ]
            for (method, path, body) in small {
                let response = try await e2e.server.send(method, path, body: try JSONSerialization.data(withJSONObject: body))
                #expect(response.status == 413, "\(method) \(path): \(response.text)")
                #expect(response.errorCode == "payloadTooLarge", "\(method) \(path)")
            }
            #expect(try await e2e.audit(alice).isEmpty, "nothing was done")

            // Receipts grow with a customer's history: these routes still read 200 KB (and then
            // refuse the content, not its size).
            let large = String(repeating: "A", count: 200 * 1024)
            let receiptRoutes: [(String, [String: Any])] = [
                ("/purchases", ["customerId": alice, "appReceipt": large]),
                ("/customers/\(alice)/restore", ["appReceipt": large]),
            ]
            for (path, body) in receiptRoutes {
                let response = try await e2e.server.post(path, body)
                #expect(response.status != 413, "\(path): \(response.text)")
                #expect(response.errorCode != nil, "\(path): \(response.text)")
            }
            let notification = try await e2e.server.post("/notifications", ["signedPayload": large])
            #expect(notification.status == 200, "\(notification.text)")
            #expect(notification.json["status"]?.stringValue == "rejected")
        }
    }

    /// A client declaring 20 MB and sending a little: the 413 comes at once and the server
    /// closes the connection rather than wait for (and read) the rest.
    @Test func refusedBodiesAreNotReadToTheEnd() async throws {
        try await E2E.run(.sqlite) { e2e in
            let alice = e2e.customer("alice")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            let port = try #require(URLComponents(string: e2e.stack.storekeeperURL)?.port)
            let declared = 20 * 1024 * 1024
            func request(_ head: String, body: String = String(repeating: "x", count: 1024)) -> Data {
                Data((head + "\r\n\r\n" + body).utf8)
            }
            let cancel = try RawHTTPConnection.exchange(
                port: port,
                request(
                    "POST \(e2e.prefix)/orders/\(order.id)/cancel HTTP/1.1\r\nHost: localhost\r\n"
                        + "Authorization: Bearer \(e2e.stack.apiKey)\r\nContent-Length: \(declared)"))
            #expect(cancel.status == 413, "\(cancel.received)")
            #expect(cancel.closedByServer, "the connection is closed instead of read to the end")
            let createOrder = try RawHTTPConnection.exchange(
                port: port,
                request(
                    "POST \(e2e.prefix)/orders HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(e2e.stack.apiKey)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(declared)"))
            #expect(createOrder.status == 413, "\(createOrder.received)")
            #expect(createOrder.closedByServer)

            // Chunked: refused at the first non-empty chunk; an empty one is no body.
            let chunked = try RawHTTPConnection.exchange(
                port: port,
                request("GET /health HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked", body: "2\r\n{}\r\n"))
            #expect(chunked.status == 413, "\(chunked.received)")
            #expect(chunked.closedByServer)
            let empty = try RawHTTPConnection.exchange(
                port: port,
                request(
                    "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nTransfer-Encoding: chunked",
                    body: "0\r\n\r\n"))
            #expect(empty.status == 200, "\(empty.received)")

            let after = try await e2e.server.get("/orders/\(order.id)")
            #expect(try OrderBody(after.json["order"]).state == "created", "the refused cancel changed nothing")
        }
    }
}

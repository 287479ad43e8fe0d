import AppStoreSimulator
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperLocal
import Testing

/// Answers on an app's routes to a request carrying `Storekeeper-Nonce` are signed with the app's
/// first answer-signing key, over exactly what was asked and answered: a verifier that rebuilds
/// the message from its own request and the bytes it received (as the app package and a backend
/// in another language do) accepts them, and any change to the nonce, body, path or status fails.
@Suite struct AnswerSigningTests {
    /// One answer as an app sees it: status, the signature header and the body's bytes.
    struct Answer: Sendable {
        var status: Int
        var signature: String?
        var body: Data
        var json: JSONValue { (try? JSONValue.parse(body)) ?? .null }
    }

    /// A fresh nonce, as the app package makes one: 32 random bytes in base64url.
    static func nonce() -> String { Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255) }) }

    /// Sends one request to the app's routes, with a nonce when given, and checks the answer
    /// against `openapi.json` like every other end-to-end call.
    static func send(
        _ e2e: E2EStack, _ method: HTTPRequest.Method, _ path: String, body: [String: Any]? = nil, credential: String,
        nonce: String?, documented: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Answer {
        guard case .router(let client, let baseURL) = e2e.root else {
            throw StorekeeperClientFailure(reason: "answer-signing tests run on the router")
        }
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(credential)"
        if let nonce { headers[HTTPField.Name(AnswerSignature.nonceHeader)!] = nonce }
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        if data != nil { headers[.contentType] = "application/json" }
        let answer = try await client.execute(
            uri: baseURL + e2e.prefix + path, method: method, headers: headers, body: data.map { ByteBuffer(data: $0) }
        ) { response in
            Answer(
                status: Int(response.status.code), signature: response.headers[HTTPField.Name(AnswerSignature.signatureHeader)!],
                body: Data(buffer: response.body))
        }
        for problem in !documented
            ? [] : e2e.contract.problems(method: method.rawValue, path: e2e.prefix + path, status: answer.status, body: answer.body)
        {
            Issue.record("openapi.json is not true: \(problem)", sourceLocation: sourceLocation)
        }
        return answer
    }

    struct StorekeeperClientFailure: Error {
        var reason: String
    }

    /// Whether `header` is a signature by `key` over the answer described, the message rebuilt
    /// here from the scheme's text forms.
    static func verifies(
        _ header: String?, key: P256.Signing.PublicKey, app: String, nonce: String, method: String, target: String, status: Int,
        body: Data
    ) -> Bool {
        guard let header, let signature = AnswerSignature(headerValue: header),
            let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature.signature)
        else { return false }
        let message = AnswerSignature.message(
            app: app, nonce: nonce, method: method, target: target, status: status, signedAt: signature.signedAt,
            bodySHA256: Array(SHA256.hash(data: body)))
        return key.isValidSignature(ecdsa, for: message)
    }

    static let current = AnswerSigningKey(name: "current", privateKey: P256.Signing.PrivateKey())
    static let next = AnswerSigningKey(name: "next", privateKey: P256.Signing.PrivateKey())

    @Test(arguments: E2EBackend.all)
    func answersVerifyOverExactlyWhatWasAskedAndAnswered(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.answerKeys = [Self.current, Self.next] }) { e2e in
            let app = e2e.stack.app.id
            let alice = e2e.customer("alice")
            let token = e2e.stack.customerToken(try E2EStack.id(alice))
            try e2e.appleAccount("alice-apple")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            let purchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple", token: order.appAccountToken)

            let nonce = Self.nonce()
            let submitted = try await Self.send(
                e2e, .post, "/purchases", body: ["customerId": alice, "signedTransaction": purchase.signedTransaction],
                credential: token, nonce: nonce)
            #expect(submitted.status == 200, "\(String(decoding: submitted.body, as: UTF8.self))")
            let header = try #require(submitted.signature, "a purchase answer to a request with a nonce is signed")
            let parsed = try #require(AnswerSignature(headerValue: header))
            #expect(parsed.keyId == Self.current.keyId, "the first listed key signs")
            #expect(parsed.signedAt == e2e.stack.simulator.now().millisecondsSince1970 / 1000)
            let target = "/v1/apps/\(app)/purchases"
            let key = Self.current.publicKey
            let body = submitted.body
            func check(
                _ nonce: String, _ method: String, _ target: String, _ status: Int, _ body: Data, _ key: P256.Signing.PublicKey
            ) -> Bool {
                Self.verifies(header, key: key, app: app, nonce: nonce, method: method, target: target, status: status, body: body)
            }
            #expect(check(nonce, "POST", target, 200, body, key), "the answer verifies over the message rebuilt from the request")
            #expect(!check(Self.nonce(), "POST", target, 200, body, key), "another request's nonce: a replayed answer")
            var altered = body
            altered[altered.startIndex] ^= 0x01
            #expect(!check(nonce, "POST", target, 200, altered, key), "an altered body")
            #expect(!check(nonce, "POST", "/v1/apps/\(app)/customers/\(alice)", 200, body, key), "an answer moved to another path")
            #expect(!check(nonce, "POST", target, 201, body, key), "another status")
            #expect(!check(nonce, "GET", target, 200, body, key), "another method")
            #expect(
                !Self.verifies(header, key: key, app: "other", nonce: nonce, method: "POST", target: target, status: 200, body: body),
                "another app")
            #expect(!check(nonce, "POST", target, 200, body, Self.next.publicKey), "the second key publishes, it does not sign")
            #expect(try CustomerBody(submitted.json["customer"] ?? .null).balance("gems") == 100)

            // The customer view, with a query: the target is signed as sent.
            let viewNonce = Self.nonce()
            let view = try await Self.send(e2e, .get, "/customers/\(alice)?view=full", credential: token, nonce: viewNonce)
            #expect(view.status == 200)
            #expect(
                Self.verifies(
                    view.signature, key: Self.current.publicKey, app: app, nonce: viewNonce, method: "GET",
                    target: "/v1/apps/\(app)/customers/\(alice)?view=full", status: 200, body: view.body))
            #expect(
                !Self.verifies(
                    view.signature, key: Self.current.publicKey, app: app, nonce: viewNonce, method: "GET",
                    target: "/v1/apps/\(app)/customers/\(alice)", status: 200, body: view.body), "the query is part of the target")

            // Orders, restore and spends are signed too.
            let calls: [(HTTPRequest.Method, String, [String: Any]?, Int)] = [
                (.post, "/orders", ["customerId": alice, "productId": DemoCatalog.gems], 201),
                (.get, "/orders/\(order.id.uuidString)", nil, 200),
                (.post, "/customers/\(alice)/restore", ["signedTransactions": [purchase.signedTransaction]], 200),
                (.post, "/customers/\(alice)/spend", ["currency": "gems", "amount": 30, "idempotencyKey": "sword-\(e2e.tag)"], 200),
            ]
            for (method, path, body, status) in calls {
                let callNonce = Self.nonce()
                let answer = try await Self.send(e2e, method, path, body: body, credential: token, nonce: callNonce)
                #expect(answer.status == status, "\(path): \(String(decoding: answer.body, as: UTF8.self))")
                #expect(
                    Self.verifies(
                        answer.signature, key: Self.current.publicKey, app: app, nonce: callNonce, method: method.rawValue,
                        target: "/v1/apps/\(app)\(path)", status: status, body: answer.body), "\(method) \(path)")
            }

            // Errors are answers too: a refusal and a route that does not exist are signed.
            let bob = e2e.customer("bob")
            for (path, status, code) in [("/customers/\(bob)", 403, "forbidden"), ("/no-such-route", 404, "notFound")] {
                let errorNonce = Self.nonce()
                let refused = try await Self.send(e2e, .get, path, credential: token, nonce: errorNonce, documented: status != 404)
                #expect(refused.status == status)
                #expect(refused.json["error"]?["code"]?.stringValue == code)
                #expect(
                    Self.verifies(
                        refused.signature, key: Self.current.publicKey, app: app, nonce: errorNonce, method: "GET",
                        target: "/v1/apps/\(app)\(path)", status: status, body: refused.body), "\(path)")
            }
            #expect(try await e2e.view(alice).balance("gems") == 70, "the purchase once, the spend once")
        }
    }

    @Test(arguments: E2EBackend.all)
    func withoutANonceNothingIsSignedAndAMalformedOneIsRefused(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.answerKeys = [Self.current] }) { e2e in
            let alice = e2e.customer("alice")
            let token = e2e.stack.customerToken(try E2EStack.id(alice))
            let plain = try await Self.send(e2e, .get, "/customers/\(alice)", credential: token, nonce: nil)
            #expect(plain.status == 200)
            #expect(plain.signature == nil, "an app that sends no nonce gets what it always got")

            let malformed = [
                "short", String(repeating: "A", count: 87), "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==", "AAAAAAAAAAAAAAAAAAAAAA AAAAAAAAA",
                "AAAAAAAAAAAAAAAAAAAAAA+AAAAAAAA/",
            ]
            for nonce in malformed {
                for (method, path, body) in [
                    (HTTPRequest.Method.get, "/customers/\(alice)", nil),
                    (.post, "/orders", ["customerId": alice, "productId": DemoCatalog.gems]),
                ] as [(HTTPRequest.Method, String, [String: Any]?)] {
                    let refused = try await Self.send(e2e, method, path, body: body, credential: token, nonce: nonce)
                    #expect(refused.status == 400, "\(nonce.debugDescription) \(path)")
                    #expect(refused.json["error"]?["code"]?.stringValue == APIErrorCode.invalidNonce.rawValue)
                    #expect(refused.signature == nil, "nothing can be signed over a malformed nonce")
                }
            }
            #expect(try await e2e.view(alice).purchases.isEmpty)
        }
    }

    @Test(arguments: E2EBackend.all)
    func anAppWithoutAKeyAnswersUnsigned(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.answerKeys = [] }) { e2e in
            let alice = e2e.customer("alice")
            let token = e2e.stack.customerToken(try E2EStack.id(alice))
            let answer = try await Self.send(e2e, .get, "/customers/\(alice)", credential: token, nonce: Self.nonce())
            #expect(answer.status == 200)
            #expect(answer.signature == nil, "no key, no signature: the package reports the answer unverified")
            let malformed = try await Self.send(e2e, .get, "/customers/\(alice)", credential: token, nonce: "bad nonce")
            #expect(malformed.status == 400)
            #expect(malformed.json["error"]?["code"]?.stringValue == "invalidNonce")
        }
    }
}

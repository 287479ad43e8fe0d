import Foundation
import Hummingbird
import HummingbirdTesting
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperSQL
import StorekeeperServer
import Testing

/// How `ErrorMiddleware` answers the store's errors (the SQL layer's, as the store translates them).
@Suite struct ErrorMiddlewareTests {
    /// Answers `GET /fail` by throwing `error` behind the middleware, as a route would: the
    /// status, the headers and the body as a client receives them.
    static func respond(to error: any Error & Sendable) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        let router = Router(context: StorekeeperRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        router.get("fail") { _, _ -> Response in throw error }
        return try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/fail", method: .get) { response in
                (response.status, response.headers, String(buffer: response.body))
            }
        }
    }

    /// The status and the body's error code of `error` behind the middleware.
    static func answer(to error: PurchaseStoreError) async throws -> (status: HTTPResponse.Status, code: String?) {
        let response = try await respond(to: error)
        let body = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any]
        return (response.status, (body?["error"] as? [String: Any])?["code"] as? String)
    }

    /// The safety net behind the HTTP checks: text holding NUL that reached the SQL layer is the
    /// request's fault, a 400 with the boundary's code, never a 500.
    @Test func textWithNULRefusedByTheSQLLayerIsA400() async throws {
        let answer = try await Self.answer(to: PurchaseStoreError(SQLError(.nulInText, "the text bound to $2 contains U+0000")))
        #expect(answer.status == .badRequest)
        #expect(answer.code == "nulCharacter")
    }

    @Test func otherSQLErrorsKeepTheirAnswers() async throws {
        #expect(try await Self.answer(to: PurchaseStoreError(SQLError(.busy, "locked"))).status == .serviceUnavailable)
        let other = try await Self.answer(to: PurchaseStoreError(SQLError(.databaseError, "odd")))
        #expect(other.status == .internalServerError)
        #expect(other.code == "internalError")
    }

    /// Text that only a cause carries; it must stay out of every response body.
    static let secret = "SECRET-CAUSE-9f2c"

    /// Errors whose causes hold `secret` in every place a cause can: an underlying SQL error, an
    /// underlying error of any type, `cause` text, the SQL error's own reason.
    static let errorsWithCauses: [any Error & Sendable] = [
        StorekeeperError.unavailable("storage is busy", cause: secret, underlying: SQLError(.busy, secret)),
        StorekeeperError(.internalError, "internal error", kind: .internalFailure, underlying: SQLError(.databaseError, secret)),
        StorekeeperError(.conflict, "already owned", kind: .conflict, cause: secret),
        PurchaseStoreError(SQLError(.busy, secret, constraint: secret, backendCode: "55P03", underlying: SQLError(.databaseError, secret))),
        PurchaseStoreError(SQLError(.nulInText, secret)),
        PurchaseStoreError(SQLError(.databaseError, secret)),
        CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: secret]),
    ]

    /// Clients see only the stable code and the safe message: no cause text leaks into a body.
    @Test(arguments: errorsWithCauses.indices)
    func noCauseTextReachesAResponseBody(_ index: Int) async throws {
        let body = try await Self.respond(to: Self.errorsWithCauses[index]).body
        #expect(!body.contains(Self.secret), "\(body)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let detail = try #require(json["error"] as? [String: Any])
        #expect(Set(detail.keys).isSubset(of: ["code", "message", "verificationCode"]))
    }

    /// What the middleware wraps keeps its typed cause for logs (and callers matching on it).
    @Test func wrappedErrorsKeepTheirTypedCause() {
        let busy = SQLError(.busy, "locked")
        let wrapped = StorekeeperError.unavailable("storage is busy or unreachable; retry shortly", underlying: busy)
        #expect((wrapped.underlying as? SQLError) == busy)
        #expect(wrapped.logCause == busy.description)
        #expect(wrapped.description.contains(busy.description))
    }
}

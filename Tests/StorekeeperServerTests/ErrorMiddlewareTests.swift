import Foundation
import Hummingbird
import HummingbirdTesting
import StorekeeperSQL
import Testing

@testable import StorekeeperServer

/// How `ErrorMiddleware` answers the SQL layer's errors.
@Suite struct ErrorMiddlewareTests {
    /// Answers `GET /fail` by throwing `error` behind the middleware, as a route would.
    static func answer(to error: SQLError) async throws -> (status: HTTPResponse.Status, code: String?) {
        let router = Router(context: StorekeeperRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        router.get("fail") { _, _ -> Response in throw error }
        return try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/fail", method: .get) { response in
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                return (response.status, (body?["error"] as? [String: Any])?["code"] as? String)
            }
        }
    }

    /// The safety net behind the HTTP checks: text holding NUL that reached the SQL layer is the
    /// request's fault, a 400 with the boundary's code, never a 500.
    @Test func textWithNULRefusedByTheSQLLayerIsA400() async throws {
        let answer = try await Self.answer(to: SQLError(.nulInText, "the text bound to $2 contains U+0000"))
        #expect(answer.status == .badRequest)
        #expect(answer.code == "nulCharacter")
    }

    @Test func otherSQLErrorsKeepTheirAnswers() async throws {
        #expect(try await Self.answer(to: SQLError(.busy, "locked")).status == .serviceUnavailable)
        let other = try await Self.answer(to: SQLError(.databaseError, "odd"))
        #expect(other.status == .internalServerError)
        #expect(other.code == "internalError")
    }
}

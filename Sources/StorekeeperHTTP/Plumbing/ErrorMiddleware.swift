import Foundation
import HTTPTypes
package import Hummingbird
import Logging
import Storekeeper
import StorekeeperApplication

/// Turns every error into a JSON body with a stable code. `StorekeeperError`s render
/// themselves with the status of their kind (`StorekeeperError+HTTP`), whichever layer threw
/// them; Hummingbird's `HTTPError`s (unknown route, body too large) keep their status;
/// storage that is overloaded or unreachable (no connection in time, conflicts that outlasted
/// their retries) is a 503 with `Retry-After`, so clients back off instead of treating it as a
/// defect; text holding NUL refused by the store is a 400 `nulCharacter`; anything else is
/// a 500 whose cause is logged, never shown. Wrapped errors keep their typed cause
/// (`StorekeeperError.underlying`); no cause text reaches a response body.
package struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as StorekeeperError {
            if error.status.code >= 500 {
                context.logger.warning(
                    "request failed", metadata: ["storekeeper.error": "\(error.code)", "storekeeper.cause": "\(error.logCause)"])
            }
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            let code: StorekeeperError.Code =
                switch error.status {
                case .notFound: .notFound
                case .contentTooLarge: .payloadTooLarge
                case .unauthorized: .unauthorized
                case .badRequest: .invalidRequest
                default: StorekeeperError.Code(rawValue: "http\(error.status.code)")
                }
            let message = error.status == .notFound ? "no such route" : (error.body ?? error.status.reasonPhrase)
            return try ErrorResponse.json(status: error.status, code: code.rawValue, message: message)
        } catch let error as PurchaseStoreError where error.code == .nulInText {
            // The safety net behind the HTTP checks: text holding NUL that reached the SQL layer
            // (from signed data, say) is refused by every store before it runs; never a 500.
            return try StorekeeperError(
                .nulCharacter, "the request carries text containing U+0000 (NUL), which cannot be stored",
                kind: .invalidRequest, underlying: error
            ).response(from: request, context: context)
        } catch let error as PurchaseStoreError where error.isRetryable || error.code == .unavailable {
            context.logger.warning("storage unavailable", metadata: ["storekeeper.cause": "\(error)"])
            return try StorekeeperError.unavailable("storage is busy or unreachable; retry shortly", underlying: error)
                .response(from: request, context: context)
        } catch {
            context.logger.error("unexpected error", metadata: ["storekeeper.cause": "\(String(reflecting: error))"])
            return try StorekeeperError(.internalError, "internal error", kind: .internalFailure)
                .response(from: request, context: context)
        }
    }
}

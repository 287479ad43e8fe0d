import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperApplication

/// Refunds and revocations with what they clawed back, for viewers.
extension AdminAPI {
    package func refundRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.get("refunds", use: refunds)
    }

    /// `GET /v1/admin/apps/{app}/refunds?from=&to=&before=&limit=`: refunds and revocations
    /// revoked on the UTC days `from`…`to`, newest first, each with the wallet entries it booked.
    @Sendable package func refunds(_ request: Request, _ context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        let query = request.uri.queryParameters
        func day(_ name: String) throws -> FigureDay? {
            guard let raw = query.get(name) else { return nil }
            guard let day = FigureDay(iso: raw) else { throw StorekeeperError.invalidRequest("\(name) must be a day as YYYY-MM-DD") }
            return day
        }
        var cursor: RefundCursor?
        if let raw = query.get("before") {
            guard let parsed = RefundCursor(token: raw) else {
                throw StorekeeperError.invalidRequest("before must be a cursor from a previous page")
            }
            cursor = parsed
        }
        let limit = try limit(request, defaultValue: RefundService.defaultLimit, maximum: RefundService.maximumLimit)
        let service = RefundService(store: store, app: call.app, now: now)
        return try json(try await service.refunds(from: try day("from"), to: try day("to"), before: cursor, limit: limit))
    }
}

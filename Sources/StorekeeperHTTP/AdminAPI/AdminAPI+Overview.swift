import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperApplication

/// The overview figures, the consumption requests and, through
/// `refundRoutes`, the refunds (item 6): all for viewers.
extension AdminAPI {
    package func overviewRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.get("overview", use: overview)
        app.get("overview/operations", use: operationsOverview)
        app.get("consumption-requests", use: consumptionRequests)
        refundRoutes(app)
    }

    /// `GET /v1/admin/apps/{app}/overview?from=&to=&environment=`: per UTC day, active
    /// subscriptions by product and phase, new, renewed, churned, refunds, trial conversions and
    /// revenue per currency with estimated proceeds.
    @Sendable package func overview(_ request: Request, _ context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        let query = request.uri.queryParameters
        let (days, environment) = try OverviewService.query(
            from: query.get("from"), to: query.get("to"), environment: query.get("environment"),
            today: FigureDay(containing: now()))
        var service = OverviewService(store: store, appId: call.app.id, now: now)
        service.calibration = try await OverviewService.calibration(
            app: call.app, store: store, today: PacificDay(containing: now()))
        return try json(try await service.overview(days: days, environment: environment))
    }

    /// `GET /v1/admin/apps/{app}/overview/operations`: notification lag and failures, inbox and
    /// outbox backlogs, and the state of the app's calls to Apple, over the last 24 hours.
    @Sendable package func operationsOverview(_ request: Request, _ context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        let service = OverviewService(store: store, appId: call.app.id, now: now)
        let configured = call.services.runtime.apple.map { !$0.serverAPI.isEmpty } ?? false
        return try json(try await service.operations(serverAPIConfigured: configured))
    }

    /// `GET /v1/admin/apps/{app}/consumption-requests?before=&limit=`: each answered
    /// CONSUMPTION_REQUEST, newest first, with the answer, its sending and the time left in
    /// Apple's 12-hour window.
    @Sendable package func consumptionRequests(_ request: Request, _ context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        let limit = try limit(request, defaultValue: RefundService.defaultLimit, maximum: RefundService.maximumLimit)
        var before: OutboxCursor?
        if let raw = request.uri.queryParameters.get("before") {
            guard let cursor = OutboxCursor(token: raw) else {
                throw StorekeeperError.invalidRequest("before must be a cursor from a previous page")
            }
            before = cursor
        }
        let service = RefundService(store: store, app: call.app, now: now)
        return try json(try await service.consumptionRequests(before: before, limit: limit))
    }
}

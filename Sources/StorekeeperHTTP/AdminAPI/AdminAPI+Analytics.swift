import AppStoreModels
package import Hummingbird
import Storekeeper
import StorekeeperApplication

/// Subscription analytics (MRR, subscribers, churn, conversions, refunds, cohorts): for viewers.
/// Definitions: `docs/ANALYTICS.md`.
extension AdminAPI {
    package func analyticsRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.get("analytics/summary", use: analyticsSummary)
        app.get("analytics/cohorts", use: analyticsCohorts)
    }

    /// `GET /v1/admin/apps/{app}/analytics/summary?from=&to=&environment=&product=&storefront=&offer=&format=`:
    /// per month, levels at its end and flows in it, with the range's totals; JSON or CSV.
    @Sendable package func analyticsSummary(_ request: Request, _ context: StorekeeperRequestContext) async throws -> Response {
        let (service, query, csv) = try await analyticsCall(request, context)
        let response = try await service.summaryResponse(query)
        return csv ? Self.csv(response.csv()) : try json(response)
    }

    /// `GET /v1/admin/apps/{app}/analytics/cohorts?from=&to=&environment=&product=&storefront=&offer=&format=`:
    /// monthly cohorts with retention and realised revenue (LTV to date) by age; JSON or CSV.
    @Sendable package func analyticsCohorts(_ request: Request, _ context: StorekeeperRequestContext) async throws -> Response {
        let (service, query, csv) = try await analyticsCall(request, context)
        let response = try await service.cohortsResponse(query)
        return csv ? Self.csv(response.csv()) : try json(response)
    }

    private func analyticsCall(
        _ request: Request, _ context: StorekeeperRequestContext
    ) async throws -> (AnalyticsService, AnalyticsService.Query, Bool) {
        let call = try await call(request, context, role: .viewer)
        let parameters = request.uri.queryParameters
        let query = try AnalyticsService.query(
            from: parameters.get("from"), to: parameters.get("to"), environment: parameters.get("environment"),
            product: parameters.get("product"), storefront: parameters.get("storefront"), offer: parameters.get("offer"),
            today: FigureDay(containing: now()))
        let format = parameters.get("format")
        guard format == nil || format == "json" || format == "csv" else {
            throw StorekeeperError.invalidRequest("format must be json or csv")
        }
        return (AnalyticsService(store: store, appId: call.app.id, now: now), query, format == "csv")
    }

    /// A CSV body; with `filename`, offered as a download of that name (the console's links).
    package static func csv(_ text: String, filename: String? = nil) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/csv; charset=utf-8"
        headers[.cacheControl] = "no-store"
        if let filename { headers[.contentDisposition] = "attachment; filename=\"\(filename)\"" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

import AppStoreModels
import Foundation
import Hummingbird

/// App Store Connect's report downloads at Apple's paths (``AppStoreConnectReportEndpoint``),
/// `GET /v1/salesReports` and `GET /v1/financeReports`: a team-key token is required (else 401 `NOT_AUTHORIZED`), answers
/// are `application/a-gzip` TSV or the API's `{"errors": [...]}` body.
struct ConnectReportRoutes: Sendable {
    let simulator: AppStoreSimulator

    func register(on router: Router<BasicRequestContext>) {
        router.get(RouterPath(AppStoreConnectReportEndpoint.salesReports.path)) { request, _ in
            answer(request) { engine, filters, now in engine.salesReport(filters: filters, now: now) }
        }
        router.get(RouterPath(AppStoreConnectReportEndpoint.financeReports.path)) { request, _ in
            answer(request) { engine, filters, now in engine.financeReport(filters: filters, now: now) }
        }
    }

    private struct ErrorBody: Encodable {
        struct Item: Encodable {
            var id: String
            var status: String
            var code: String
            var title: String
            var detail: String
        }

        var errors: [Item]
    }

    private func answer(
        _ request: Request, _ body: (SimulationEngine, [String: String], Timestamp) -> ReportAnswer
    ) -> Response {
        let keys = simulator.engine.withLock { $0.state.reports?.teamKeys ?? [] }
        guard ConnectAPIAuthenticator.authenticate(authorization: request.headers[.authorization], keys: keys, now: simulator.wallClock.now)
        else {
            return Self.error(
                status: 401, code: "NOT_AUTHORIZED",
                detail: "Provide a properly configured and signed bearer token, and make sure that it has not expired.")
        }
        var filters: [String: String] = [:]
        for item in HTTPSupport.queryItems(of: request) where item.name.hasPrefix("filter[") && item.name.hasSuffix("]") {
            filters[String(item.name.dropFirst("filter[".count).dropLast())] = item.value ?? ""
        }
        let answer = simulator.mutate(marksDirty: false) { engine, now in body(engine, filters, now) }
        switch answer {
        case .file(let bytes):
            return HTTPSupport.bytes(bytes, contentType: "application/a-gzip")
        case .error(let status, let code, let detail):
            return Self.error(status: status, code: code, detail: detail)
        }
    }

    private static func error(status: Int, code: String, detail: String) -> Response {
        let title: String
        switch status {
        case 401: title = "Authentication credentials are missing or invalid."
        case 403: title = "The given operation is not allowed."
        case 404: title = "The specified resource does not exist."
        default: title = "A parameter has an invalid value."
        }
        return HTTPSupport.json(
            ErrorBody(errors: [.init(id: UUID.random().uuidString, status: String(status), code: code, title: title, detail: detail)]),
            status: HTTPResponse.Status(code: status))
    }
}

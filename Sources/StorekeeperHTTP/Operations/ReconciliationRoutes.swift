import AppStoreModels
import Foundation
package import Hummingbird
package import Storekeeper
package import StorekeeperApplication

/// The reconciliation results for operators (server API keys only):
/// - `GET /v1/apps/{app}/reconciliation?date=YYYY-MM-DD[&type=sales|events|finance]`: the stored
///   run of the app's vendor's report (404 `notReconciled` when there is none);
/// - `POST /v1/apps/{app}/reconciliation?date=…[&type=…]`: reconciles the report now and answers
///   the run (404 `noReport` when the report is not imported).
/// `type` is `SALES` (the default), `SUBSCRIPTION_EVENT` or `FINANCE_DETAIL` (short: `sales`,
/// `events`, `finance`); a FINANCE_DETAIL `date` is a fiscal month, `YYYY-MM`.
package struct ReconciliationRoutes: Sendable {
    package let apps: [String: AppConfiguration]
    package let reports: any ReportStore
    package let service: ReconciliationService
    package let authenticator: Authenticator

    package init(
        apps: [String: AppConfiguration], reports: any ReportStore, service: ReconciliationService, authenticator: Authenticator
    ) {
        self.apps = apps
        self.reports = reports
        self.service = service
        self.authenticator = authenticator
    }

    package func routes(_ router: Router<StorekeeperRequestContext>) {
        router.get("v1/apps/:app/reconciliation", use: read)
        router.post("v1/apps/:app/reconciliation", use: run)
    }

    @Sendable package func read(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (vendor, report, date) = try await call(request, context)
        guard let run = try await reports.reconciliation(vendorNumber: vendor, reportType: report.rawValue, reportDate: date) else {
            throw StorekeeperError(
                .init(rawValue: ReconciliationError.Code.notReconciled.rawValue), "\(report.rawValue) \(date) was never reconciled",
                kind: .notFound)
        }
        return try Self.json(run)
    }

    @Sendable package func run(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (vendor, report, date) = try await call(request, context)
        do {
            return try Self.json(try await service.reconcile(vendorNumber: vendor, report: report, date: date))
        } catch let error as ReconciliationError {
            throw StorekeeperError(.init(rawValue: error.code.rawValue), error.reason, kind: .notFound)
        }
    }

    /// The app's vendor number, the `type` query's report and its `date`, once a server key is presented.
    private func call(_ request: Request, _ context: StorekeeperRequestContext) async throws -> (String, ReconciledReport, String) {
        let (id, app) = try context.app(in: apps)
        _ = try await authenticator.authenticateServer(request, app: id)
        guard let vendor = app.reports?.vendorNumber else {
            throw StorekeeperError(.notConfigured, "the app configures no reports (app.\(id).reports.*)", kind: .notFound)
        }
        let typeText = request.uri.queryParameters.get("type") ?? ReconciledReport.sales.rawValue
        guard let report = ReconciledReport(query: typeText) else {
            throw StorekeeperError.invalidRequest("type must be SALES, SUBSCRIPTION_EVENT or FINANCE_DETAIL")
        }
        guard let date = request.uri.queryParameters.get("date"), report.isValid(date: date) else {
            throw StorekeeperError.invalidRequest(
                report == .financeDetail ? "date must be a YYYY-MM fiscal month" : "date must be a YYYY-MM-DD day")
        }
        return (vendor, report, date)
    }

    package static func json(_ run: ReconciliationRun) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(
            status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(ReconciliationAnswer(run)))))
    }
}

/// A run as the API answers it: the run, with its counts by outcome.
package struct ReconciliationAnswer: Encodable {
    package var vendorNumber: String
    package var reportType: String
    package var date: String
    package var ranAt: Int64
    package var reportSHA256: String
    package var counts: [String: Int]
    package var lines: [ReconciliationLine]

    package init(_ run: ReconciliationRun) {
        vendorNumber = run.vendorNumber
        reportType = run.reportType
        date = run.reportDate
        ranAt = run.ranAt.millisecondsSince1970
        reportSHA256 = run.reportSHA256
        counts = Dictionary(uniqueKeysWithValues: run.counts.map { ($0.key.rawValue, $0.value) })
        lines = run.lines
    }
}

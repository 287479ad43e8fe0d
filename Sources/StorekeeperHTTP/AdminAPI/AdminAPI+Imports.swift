import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// Imports of an existing customer base (admin role, `docs/IMPORT.md`): the file is stored as a
/// job, run in the background, and its report read while it runs and after.
extension AdminAPI {
    /// The largest import file accepted in one request (100,000 rows of identifiers is ~6 MB;
    /// receipts are larger, so a file of them is split).
    package static let importBodyBytes = 64 * 1024 * 1024

    package func importRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.post("imports", use: createImport)
        app.get("imports/:job", use: importReport)
    }

    /// `POST /v1/admin/apps/{app}/imports`: stores the job (its refused lines already reported)
    /// and answers 202 with it; background jobs resolve and apply its rows.
    @Sendable package func createImport(_ request: Request, _ context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .admin)
        let body = try await JSONBody.decode(CreateImportRequest.self, request, limit: Self.importBodyBytes)
        guard let format = ImportFile.Format(rawValue: body.format) else {
            throw StorekeeperError.invalidRequest("format must be csv or jsonl")
        }
        let reason = try AdminActionBody.reason(body.reason)
        let importer = importer(call)
        let job = try await importer.start(
            body.content, format: format, dryRun: body.dryRun ?? false, operator: call.operator.name, reason: reason)
        return try json(try await importer.report(job.id), status: .accepted)
    }

    /// `GET /v1/admin/apps/{app}/imports/{job}`: the job's progress, counts and problem rows.
    @Sendable package func importReport(_ request: Request, _ context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .admin)
        try await RequestBodyLimit.requireNone(request)
        guard let raw = context.parameters.get("job"), let id = UUID(uuidString: raw) else {
            throw StorekeeperError.notFound("no such import job")
        }
        return try json(try await importer(call).report(id))
    }

    private func importer(_ call: AdminCall) -> CustomerImport {
        CustomerImport(
            store: store, runtime: call.services.runtime, applier: call.services.notifications.applier, now: call.services.runtime.now)
    }
}

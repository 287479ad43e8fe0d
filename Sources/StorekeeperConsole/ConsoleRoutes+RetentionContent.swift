import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// The Retention page's image upload (a `multipart/form-data` form with a file input), deletion
/// of an uploaded message or image, and Apple's performance test: the admin API's use cases
/// (``OperatorActions/uploadRetentionImage(_:_:)``,
/// ``OperatorActions/deleteRetentionContent(_:identifier:_:)``,
/// ``OperatorActions/runRetentionPerformanceTest(_:_:)``), support role, CSRF token and
/// idempotency key as every console form.
extension ConsoleRoutes {
    @Sendable package func retentionImageAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let signedIn = try await signedIn(request)
        // The same limit as the admin API's image upload, and the same payloadTooLarge past it.
        let upload = try await ConsoleMultipartForm.read(request, limit: AdminAPI.retentionImageBytes)
        guard ConsoleSessions.csrfMatches(upload.form["csrf"], signedIn.session.csrfToken) else { throw ConsoleCSRFRefusal() }
        let console = try await appCall(request, context, role: .support)
        let form = upload.form
        guard let file = upload.file("png"), !file.bytes.isEmpty else {
            throw StorekeeperError.invalidRequest("choose a PNG file to upload")
        }
        let response = try await admin.operatorActions.uploadRetentionImage(
            AdminCall(services: console.services, operator: console.account),
            RetentionImageRequest(
                environment: form.text("environment"), png: Data(file.bytes).base64EncodedString(), imageSize: form.text("imageSize"),
                reason: form["reason"] ?? "", idempotencyKey: try Self.idempotencyKey(form)))
        return try retentionResult(
            console, "Upload an image", "Uploaded; Apple reviews it before a message shows it.", response,
            extra: [
                .init(label: "File", value: file.filename), .init(label: "Size", value: form.text("imageSize") ?? "FULL_SIZE"),
            ])
    }

    @Sendable package func retentionDeleteAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, form) = try await supportAction(request, context)
        let response = try await admin.operatorActions.deleteRetentionContent(
            call, identifier: form.text("identifier") ?? "",
            RetentionActionRequest(
                environment: form.text("environment"), reason: form["reason"] ?? "", idempotencyKey: try Self.idempotencyKey(form)))
        return try retentionResult(console, "Delete an upload", "Deleted at Apple.", response)
    }

    @Sendable package func retentionPerformanceTestAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, form) = try await supportAction(request, context)
        let response = try await admin.operatorActions.runRetentionPerformanceTest(
            call,
            RetentionActionRequest(
                originalTransactionId: form.text("originalTransactionId"), reason: form["reason"] ?? "",
                idempotencyKey: try Self.idempotencyKey(form)))
        let test = response.result.performanceTest
        let result = test?.result ?? "unknown"
        let page = ConsoleActionResult(
            title: "Performance test",
            done: result == PerformanceTestStatus.pass.rawValue
                ? "Passed: Apple accepts a production real-time URL now."
                : result == PerformanceTestStatus.pending.rawValue
                    ? "Apple is still sending requests; run it again for the result." : "Failed.",
            replayed: response.replayed,
            facts: [
                .init(label: "Result", value: result),
                .init(label: "Answered in time", value: test?.successRate.map { "\($0)%" } ?? "none"),
                .init(label: "p50", value: test?.p50.map { "\($0) ms" } ?? "none"),
                .init(label: "p99", value: test?.p99.map { "\($0) ms" } ?? "none"),
                .init(label: "Apple's request", value: test?.requestId ?? "none"),
            ],
            backHref: ConsolePaths.app(console.appId, .retention) + "?environment=Sandbox", backLabel: "← Back to retention")
        return try templates.page("action-result", page, frame: frame("Performance test · \(console.appId)", console, .retention))
    }

    /// The message form's bullet rows (text, bullet image, alternative text), blank rows left
    /// out; the alternative text defaults to the text.
    static func bulletPoints(_ form: ConsoleForm) -> [RetentionBulletPointBody]? {
        let texts = form.values("bulletText")
        let images = form.values("bulletImage")
        let altTexts = form.values("bulletAltText")
        let rows = texts.indices.compactMap { index -> RetentionBulletPointBody? in
            let text = texts[index].trimmingCharacters(in: .whitespaces)
            let image = index < images.count ? images[index].trimmingCharacters(in: .whitespaces) : ""
            let alt = index < altTexts.count ? altTexts[index].trimmingCharacters(in: .whitespaces) : ""
            guard !text.isEmpty || !image.isEmpty else { return nil }
            return RetentionBulletPointBody(text: text, imageIdentifier: image, altText: alt.isEmpty ? text : alt)
        }
        return rows.isEmpty ? nil : rows
    }

    static func deletable(_ content: RetentionContentBody) -> CustomerPage.Choice {
        .init(value: content.identifier, label: "\(content.kind) · \(content.header ?? content.identifier) · \(content.state)")
    }

    static func label(_ size: RetentionImageSize) -> String {
        size == .bulletPoint ? "Bullet point (1024 × 1024)" : "Full size (3840 × 160–2160)"
    }
}

import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// Retention Messaging (support role to change, viewer to read): `GET retention`,
/// `PUT retention/rules`, `POST retention/messages`, `POST retention/images`,
/// `POST retention/content/{identifier}/delete`, `POST retention/defaults`,
/// `POST retention/realtime-url`, `POST retention/performance-test`.
extension AdminAPI {
    package func retentionRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.get("retention", use: retentionView)
        app.put("retention/rules", use: setRetentionRules)
        app.post("retention/messages", use: uploadRetentionMessage)
        app.post("retention/images", use: uploadRetentionImage)
        app.post("retention/content/:identifier/delete", use: deleteRetentionContent)
        app.post("retention/defaults", use: setRetentionDefault)
        app.post("retention/realtime-url", use: setRealtimeURL)
        app.post("retention/performance-test", use: runRetentionPerformanceTest)
    }

    @Sendable package func retentionView(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let environment = request.uri.queryParameters.get("environment")
        return try json(try await operatorActions.retentionView(call, environment: environment))
    }

    @Sendable package func setRetentionRules(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        return try json(try await operatorActions.setRetentionRules(call, try await decode(RetentionRulesRequest.self, request)))
    }

    @Sendable package func uploadRetentionMessage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        return try json(try await operatorActions.uploadRetentionMessage(call, try await decode(RetentionMessageRequest.self, request)))
    }

    @Sendable package func uploadRetentionImage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let body = try await JSONBody.decode(RetentionImageRequest.self, request, limit: Self.retentionImageBytes)
        return try json(try await operatorActions.uploadRetentionImage(call, body))
    }

    @Sendable package func deleteRetentionContent(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let identifier = context.parameters.get("identifier") ?? ""
        return try json(
            try await operatorActions.deleteRetentionContent(
                call, identifier: identifier, try await decode(RetentionActionRequest.self, request)))
    }

    @Sendable package func setRetentionDefault(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        return try json(try await operatorActions.setRetentionDefault(call, try await decode(RetentionDefaultRequest.self, request)))
    }

    @Sendable package func setRealtimeURL(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        return try json(try await operatorActions.setRealtimeURL(call, try await decode(RetentionURLRequest.self, request)))
    }

    @Sendable package func runRetentionPerformanceTest(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        return try json(try await operatorActions.runRetentionPerformanceTest(call, try await decode(RetentionActionRequest.self, request)))
    }

    /// An image is a PNG of up to 3840 × 2160, base64 in JSON (the console's file upload takes
    /// the same limit).
    package static let retentionImageBytes = 16 << 20
}

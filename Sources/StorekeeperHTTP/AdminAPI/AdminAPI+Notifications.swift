import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
package import StorekeeperApplication

/// The notifications inbox (viewer to read, support to act): list with filters, one entry
/// decoded, replay of one or of a filtered page, backfill of a window from Apple's Notification
/// History, Apple's TEST notification and whether it arrived.
extension AdminAPI {
    package func notificationRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.get("notifications", use: listNotifications)
        app.post("notifications/replay", use: replayNotifications)
        app.post("notifications/backfill", use: backfillNotifications)
        app.post("notifications/test", use: requestTestNotification)
        app.get("notifications/test/:token", use: testNotificationStatus)
        app.get("notifications/:id", use: showNotification)
        app.post("notifications/:id/replay", use: replayNotification)
    }

    package func inbox(_ call: AdminCall) -> NotificationInbox { operatorActions.inbox(call) }

    /// `GET notifications?status=&type=&subtype=&environment=&from=&to=&before=&limit=`, newest first.
    @Sendable package func listNotifications(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let parameters = request.uri.queryParameters
        let filter = InboxFilter(
            status: parameters.get("status"), type: parameters.get("type"), subtype: parameters.get("subtype"),
            environment: parameters.get("environment"), from: try Self.milliseconds(parameters.get("from"), "from"),
            to: try Self.milliseconds(parameters.get("to"), "to"), before: parameters.get("before"), limit: nil)
        return try json(try await inbox(call).page(try filter.query(appId: call.app.id, limit: limit(request))))
    }

    @Sendable package func showNotification(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let raw = request.uri.queryParameters.get("raw") == "true"
        return try json(try await inbox(call).detail(try Self.notificationId(context), raw: raw))
    }

    /// Replays one stored body (``NotificationInbox/replay(_:)-(InboxNotification)``).
    @Sendable package func replayNotification(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let id = try Self.notificationId(context)
        let body = try await decode(AdminActionBody.self, request)
        return try json(try await operatorActions.replay(call, id: id, body))
    }

    /// Replays one page of the entries a filter selects; `next` continues with the following page.
    @Sendable package func replayNotifications(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let body = try await decode(ReplayRangeRequest.self, request)
        return try json(try await operatorActions.replay(call, body))
    }

    /// Backfills `from..<to` from Apple's Notification History (the sweeper's path).
    @Sendable package func backfillNotifications(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        return try json(try await operatorActions.backfill(call, try await decode(BackfillRequest.self, request)))
    }

    /// Asks Apple for its TEST notification.
    @Sendable package func requestTestNotification(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        return try json(try await operatorActions.requestTest(call, try await decode(TestNotificationRequest.self, request)))
    }

    /// Whether Apple sent the TEST notification and whether it is in the inbox.
    @Sendable package func testNotificationStatus(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let token = try context.text("token", bytes: 1...Int.max, else: "testNotificationToken is required")
        let environment = try AppleSide.environment(request.uri.queryParameters.get("environment"), of: call.app)
        return try json(try await inbox(call).testStatus(token: token, environment: environment))
    }

    // MARK: Parameters

    package static func notificationId(_ context: StorekeeperRequestContext) throws -> String {
        try context.text("id", bytes: 1...200, else: "notification id must be 1–200 bytes")
    }

    /// A time in milliseconds since 1970, from a query parameter.
    package static func milliseconds(_ raw: String?, _ name: String) throws -> Int64? {
        guard let raw else { return nil }
        guard let value = Int64(raw), value >= 0 else {
            throw StorekeeperError.invalidRequest("\(name) must be milliseconds since 1970")
        }
        return value
    }
}

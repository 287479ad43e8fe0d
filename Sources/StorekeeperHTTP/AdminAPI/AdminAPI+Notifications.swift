package import AppStoreModels
import Foundation
package import Hummingbird
package import Storekeeper
package import StorekeeperAPIModels
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

    package func inbox(_ call: AdminCall) -> NotificationInbox {
        NotificationInbox(store: store, runtime: call.services.runtime, notifications: call.services.notifications)
    }

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
        return try json(try await replay(call, id: id, body))
    }

    /// The replay of one entry itself, for the API and the console alike (`body` already checked).
    package func replay(_ call: AdminCall, id: String, _ body: AdminActionBody) async throws -> AdminActionResponse<ReplayOutcome> {
        let inbox = inbox(call)
        let entry = try await inbox.entry(id)
        let now = now
        return try await onceAtApple(
            call, key: body.idempotencyKey, kind: "notification.replay", request: ReplayOneRequest(id: id, reason: body.reason),
            perform: { try await inbox.replay(entry) },
            commit: { outcome, tx in
                try await tx.append(Self.replayAudit(call, outcome, reason: body.reason, at: now()))
                return outcome
            })
    }

    /// Replays one page of the entries a filter selects; `next` continues with the following page.
    @Sendable package func replayNotifications(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        let body = try await decode(ReplayRangeRequest.self, request)
        let reason = try AdminActionBody.reason(body.reason)
        let key = try Self.appleActionKey(body.idempotencyKey)
        let limit = body.limit ?? 100
        guard (1...500).contains(limit) else { throw StorekeeperError.invalidRequest("limit must be 1–500") }
        let query = try body.filter.query(appId: call.app.id, limit: limit)
        let inbox = inbox(call)
        let response = try await onceAtApple(
            call, key: key, kind: "notifications.replay", request: body, perform: { try await inbox.replay(query) },
            commit: { result, tx in
                let now = now()
                for outcome in result.outcomes { try await tx.append(Self.replayAudit(call, outcome, reason: reason, at: now)) }
                try await tx.append(
                    call.audit(
                        kind: "notifications.replayed",
                        details: [
                            "attempted": String(result.attempted), "processed": String(result.processed),
                            "duplicate": String(result.duplicate), "rejected": String(result.rejected), "retry": String(result.retry),
                        ], reason: reason, at: now))
                return result
            })
        return try json(response)
    }

    package static func replayAudit(_ call: AdminCall, _ outcome: ReplayOutcome, reason: String, at time: Timestamp) -> AuditEvent {
        var details = ["outcome": outcome.outcome, "statusBefore": outcome.statusBefore, "statusAfter": outcome.statusAfter]
        if let error = outcome.error { details["error"] = String(error.prefix(500)) }
        return call.audit(
            kind: "notification.replayed", subject: NotificationInbox.subject(outcome.id), details: details, reason: reason,
            at: time)
    }

    /// Backfills `from..<to` from Apple's Notification History (the sweeper's path).
    @Sendable package func backfillNotifications(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        return try json(try await backfill(call, try await decode(BackfillRequest.self, request)))
    }

    /// The backfill itself, for the API and the console alike.
    package func backfill(_ call: AdminCall, _ body: BackfillRequest) async throws -> AdminActionResponse<BackfillResult> {
        let reason = try AdminActionBody.reason(body.reason)
        let key = try Self.appleActionKey(body.idempotencyKey)
        let environment = try AppleSide.environment(body.environment, of: call.app)
        let inbox = inbox(call)
        let now = now
        return try await onceAtApple(
            call, key: key, kind: "notifications.backfill", request: body,
            perform: {
                try await inbox.backfill(
                    environment: environment, from: Timestamp(millisecondsSince1970: body.from),
                    to: Timestamp(millisecondsSince1970: body.to), clock: now)
            },
            commit: { result, tx in
                try await tx.append(
                    call.audit(
                        kind: "notifications.backfilled",
                        details: [
                            "environment": result.environment, "from": String(body.from), "to": String(body.to),
                            "seen": String(result.seen), "recovered": String(result.recovered),
                        ], reason: reason, at: now()))
                return result
            })
    }

    /// Asks Apple for its TEST notification.
    @Sendable package func requestTestNotification(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .support)
        return try json(try await requestTest(call, try await decode(TestNotificationRequest.self, request)))
    }

    /// The TEST request itself, for the API and the console alike.
    package func requestTest(_ call: AdminCall, _ body: TestNotificationRequest) async throws -> AdminActionResponse<TestNotificationResult>
    {
        let reason = try AdminActionBody.reason(body.reason)
        let key = try Self.appleActionKey(body.idempotencyKey)
        let environment = try AppleSide.environment(body.environment, of: call.app)
        let inbox = inbox(call)
        let now = now
        return try await onceAtApple(
            call, key: key, kind: "notifications.test", request: body,
            perform: { try await inbox.requestTest(environment: environment) },
            commit: { result, tx in
                try await tx.append(
                    call.audit(
                        kind: "notifications.testRequested", subject: "test:\(result.testNotificationToken)",
                        details: ["environment": result.environment], reason: reason, at: now()))
                return result
            })
    }

    /// Whether Apple sent the TEST notification and whether it is in the inbox.
    @Sendable package func testNotificationStatus(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        guard let token = context.parameters.get("token").flatMap({ $0.removingPercentEncoding }), !token.isEmpty else {
            throw StorekeeperError.invalidRequest("testNotificationToken is required")
        }
        let environment = try AppleSide.environment(request.uri.queryParameters.get("environment"), of: call.app)
        return try json(try await inbox(call).testStatus(token: token, environment: environment))
    }

    // MARK: Parameters

    package static func notificationId(_ context: StorekeeperRequestContext) throws -> String {
        guard let raw = context.parameters.get("id"), let id = raw.removingPercentEncoding, (1...200).contains(id.utf8.count)
        else { throw StorekeeperError.invalidRequest("notification id must be 1–200 bytes") }
        return id
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

package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels
import StorekeeperStore

/// The notifications inbox's actions: replay of one stored body or of a filtered page, backfill
/// of a window from Apple's Notification History, and Apple's TEST notification.
extension OperatorActions {
    package func inbox(_ call: AdminCall) -> NotificationInbox {
        NotificationInbox(store: store, runtime: call.services.runtime, notifications: call.services.notifications)
    }

    /// Replays one stored body (``NotificationInbox/replay(_:)-(InboxNotification)``; `body` already checked).
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
    package func replay(_ call: AdminCall, _ body: ReplayRangeRequest) async throws -> AdminActionResponse<ReplayRangeResult> {
        let reason = try AdminActionBody.reason(body.reason)
        let key = try Self.appleActionKey(body.idempotencyKey)
        let limit = body.limit ?? 100
        guard (1...500).contains(limit) else { throw StorekeeperError.invalidRequest("limit must be 1–500") }
        let query = try body.filter.query(appId: call.app.id, limit: limit)
        let inbox = inbox(call)
        let now = now
        return try await onceAtApple(
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
    }

    package static func replayAudit(_ call: AdminCall, _ outcome: ReplayOutcome, reason: String, at time: Timestamp) -> AuditEvent {
        var details = ["outcome": outcome.outcome, "statusBefore": outcome.statusBefore, "statusAfter": outcome.statusAfter]
        if let error = outcome.error { details["error"] = String(error.prefix(500)) }
        return call.audit(
            kind: "notification.replayed", subject: NotificationInbox.subject(outcome.id), details: details, reason: reason,
            at: time)
    }

    /// Backfills `from..<to` from Apple's Notification History (the sweeper's path).
    package func backfill(_ call: AdminCall, _ body: BackfillRequest) async throws -> AdminActionResponse<BackfillResult> {
        let (reason, key, environment) = try Self.checked(body.reason, body.idempotencyKey, body.environment, of: call.app)
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
    package func requestTest(_ call: AdminCall, _ body: TestNotificationRequest) async throws -> AdminActionResponse<TestNotificationResult>
    {
        let (reason, key, environment) = try Self.checked(body.reason, body.idempotencyKey, body.environment, of: call.app)
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

    /// An Apple-side request's reason and idempotency key, checked, and the app's environment it
    /// names (or the app's only one).
    private static func checked(
        _ reason: String, _ key: String, _ environment: String?, of app: AppConfiguration
    ) throws -> (reason: String, key: String, environment: AppStoreEnvironment) {
        (try AdminActionBody.reason(reason), try appleActionKey(key), try AppleSide.environment(environment, of: app))
    }
}

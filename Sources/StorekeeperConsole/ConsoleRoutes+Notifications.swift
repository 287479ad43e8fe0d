import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// The notifications inbox in the console, through the admin API's ``NotificationInbox``: the
/// list with filters (status, type), one notification decoded with its attempts and replays, its raw body on
/// request, and replaying it (support role; a reason and the form's idempotency key, as the API).
extension ConsoleRoutes {
    package struct NotificationsPage {
        package struct Row {
            package let id: String
            package let href: String
            package let received: String
            package let type: String
            package let status: String
            package let attempts: Int
        }

        package struct StatusChoice {
            package let value: String
            package let selected: Bool
        }

        package let rows: [Row]
        package let empty: Bool
        package let statuses: [StatusChoice]
        package let typeFilter: String
        package let nextHref: String?
        package let tools: NotificationTools?
    }

    package struct NotificationPage {
        package struct Action {
            package let time: String
            package let actor: String
            package let kind: String
            package let reason: String?
            package let details: String?
        }

        /// One processing attempt: when, how it ended, its error.
        package struct Attempt {
            package let number: Int
            package let time: String
            package let outcome: String
            package let error: String?
        }

        package let id: String
        package let received: String
        package let type: String
        package let status: String
        package let environment: String
        package let verified: String
        /// What Storekeeper does with it (verified V2 bodies).
        package let handling: String?
        package let transactionId: String?
        package let productId: String?
        /// Every recorded attempt, oldest first; `attemptCount` counts them all.
        package let attempts: [Attempt]
        package let attemptCount: Int
        package let hasAttempts: Bool
        package let actions: [Action]
        package let raw: String?
        package let rawHref: String
        package let replay: Replay?
        package let notice: String?

        package struct Replay {
            package let href: String
            package let csrf: String
            package let key: String
        }
    }

    package static let notificationsPageSize = 50

    @Sendable package func notificationsPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let query = request.uri.queryParameters
        let status = query.get("status").flatMap { $0.isEmpty ? nil : $0 }
        let type = query.get("type").map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let filter = InboxFilter(
            status: status, type: type.isEmpty ? nil : type, subtype: nil, environment: nil, from: nil, to: nil,
            before: query.get("before"), limit: nil)
        let inbox = NotificationInbox(store: store, runtime: call.services.runtime, notifications: call.services.notifications)
        let page = try await inbox.page(try filter.query(appId: call.appId, limit: Self.notificationsPageSize))
        let base = ConsolePaths.app(call.appId, .notifications)
        let rows = page.notifications.map { entry in
            NotificationsPage.Row(
                id: entry.id, href: base + "/" + ConsolePaths.escape(entry.id),
                received: ConsoleFormat.time(milliseconds: entry.receivedAt),
                type: [entry.notificationType, entry.subtype].compactMap { $0 }.joined(separator: " / "), status: entry.status,
                attempts: entry.attempts)
        }
        var nextHref: String?
        if let next = page.next {
            var parts = ["before=" + ConsolePaths.query(next)]
            if let status { parts.append("status=" + ConsolePaths.query(status)) }
            if !type.isEmpty { parts.append("type=" + ConsolePaths.query(type)) }
            nextHref = base + "?" + parts.joined(separator: "&")
        }
        let statuses = [""] + InboxQuery.Status.allCases.map(\.rawValue)
        return try templates.page(
            "notifications",
            NotificationsPage(
                rows: rows, empty: rows.isEmpty,
                statuses: statuses.map { .init(value: $0, selected: $0 == (status ?? "")) }, typeFilter: type, nextHref: nextHref,
                tools: notificationTools(call)),
            frame: frame("Notifications · \(call.appId)", call, .notifications))
    }

    @Sendable package func notificationPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let id = try Self.notificationId(context)
        let inbox = NotificationInbox(store: store, runtime: call.services.runtime, notifications: call.services.notifications)
        let showRaw = request.uri.queryParameters.get("raw") == "true"
        let detail = try await inbox.detail(id, raw: showRaw)
        let entry = detail.notification
        let href = ConsolePaths.app(call.appId, .notifications) + "/" + ConsolePaths.escape(id)
        let replay =
            call.account.may(.support, app: call.appId)
            ? NotificationPage.Replay(
                href: href + "/replay", csrf: call.signedIn.session.csrfToken, key: ConsoleSessions.randomToken()) : nil
        let done = request.uri.queryParameters.get("done")
        let page = NotificationPage(
            id: entry.id, received: ConsoleFormat.time(milliseconds: entry.receivedAt),
            type: [entry.notificationType, entry.subtype].compactMap { $0 }.joined(separator: " / "), status: entry.status,
            environment: entry.environment ?? "—",
            verified: entry.version == 2
                ? (detail.verified ? "✓ signature verified now" : "✗ not verified: \(detail.verificationError ?? "")")
                : "V1 (shared secret)",
            handling: detail.handling,
            transactionId: detail.transaction?["transactionId"]?.stringValue, productId: detail.transaction?["productId"]?.stringValue,
            attempts: detail.attempts.map {
                NotificationPage.Attempt(
                    number: $0.number, time: ConsoleFormat.time(milliseconds: $0.at), outcome: $0.outcome, error: $0.error)
            },
            attemptCount: entry.attempts, hasAttempts: !detail.attempts.isEmpty,
            actions: detail.actions.map { action in
                NotificationPage.Action(
                    time: ConsoleFormat.time(milliseconds: action.createdAt), actor: action.actor, kind: action.kind, reason: action.reason,
                    details: Self.details(action.details))
            },
            raw: detail.rawBody, rawHref: href + "?raw=true", replay: replay,
            notice: done.map { "✓ Replayed: \($0)." })
        return try templates.page("notification", page, frame: frame("Notification \(id) · \(call.appId)", call, .notifications))
    }

    @Sendable package func replayNotificationAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, form) = try await supportAction(request, context)
        let reason = try AdminActionBody.reason(form["reason"] ?? "")
        let key = try Self.idempotencyKey(form)
        let id = try Self.notificationId(context)
        let response = try await admin.operatorActions.replay(call, id: id, AdminActionBody(reason: reason, idempotencyKey: key))
        let href = ConsolePaths.app(console.appId, .notifications) + "/" + ConsolePaths.escape(id)
        return ConsoleResponse.redirect(to: href + "?done=" + ConsolePaths.query(response.result.outcome))
    }

    /// The path's notification id: the console's pages link ids of 1–128 characters.
    package static func notificationId(_ context: StorekeeperRequestContext) throws -> String {
        try context.text("id", bytes: 1...128, else: "a notification id is 1–128 characters")
    }
}

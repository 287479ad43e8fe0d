import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
package import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// The inbox's Apple-side tools (support role): backfill a time window from Apple's Notification
/// History, and ask Apple for its TEST notification, then see whether it arrived. Each runs the
/// same use case as the admin API (``OperatorActions/backfill(_:_:)``,
/// ``OperatorActions/requestTest(_:_:)``) under the form's idempotency key.
extension ConsoleRoutes {
    /// The forms under the inbox, for operators who may act.
    package struct NotificationTools {
        package let csrf: String
        package let backfillHref: String
        package let backfillKey: String
        package let testHref: String
        package let testKey: String
        package let environments: [CustomerPage.Choice]
        /// The last hour, as the window's default (UTC, `YYYY-MM-DDTHH:MM`).
        package let defaultFrom: String
        package let defaultTo: String
    }

    package struct TestStatusPage {
        package let token: String
        package let environment: String
        package let arrived: Bool
        package let firstResult: String
        package let attempts: [String]
        package let noAttempts: Bool
        package let inboxHref: String?
        package let refreshHref: String
    }

    package func notificationTools(_ call: AppCall) -> NotificationTools? {
        guard call.account.may(.support, app: call.appId) else { return nil }
        let base = ConsolePaths.app(call.appId, .notifications)
        let now = now()
        return NotificationTools(
            csrf: call.signedIn.session.csrfToken, backfillHref: base + "/backfill", backfillKey: ConsoleSessions.randomToken(),
            testHref: base + "/test", testKey: ConsoleSessions.randomToken(),
            environments: Self.environments(of: call.services.runtime.config).map { .init(value: $0.rawValue, label: $0.rawValue) },
            defaultFrom: ConsoleFormat.minute(now.adding(milliseconds: -3_600_000)), defaultTo: ConsoleFormat.minute(now))
    }

    @Sendable package func backfillAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, form) = try await supportAction(request, context)
        guard let from = form.text("from").flatMap(ConsoleFormat.parseMinute),
            let to = form.text("to").flatMap(ConsoleFormat.parseMinute)
        else { throw StorekeeperError.invalidRequest("from and to must be times as YYYY-MM-DDTHH:MM (UTC)") }
        let body = BackfillRequest(
            environment: form.text("environment"), from: from.millisecondsSince1970, to: to.millisecondsSince1970,
            reason: form["reason"] ?? "", idempotencyKey: try Self.idempotencyKey(form))
        let response = try await admin.operatorActions.backfill(call, body)
        let result = response.result
        let back = ConsolePaths.app(console.appId, .notifications)
        let page = ConsoleActionResult(
            title: "Backfill from Notification History", done: "Backfilled \(result.recovered) notification(s).",
            replayed: response.replayed,
            facts: [
                .init(label: "Environment", value: result.environment),
                .init(
                    label: "Window",
                    value: "\(ConsoleFormat.time(milliseconds: result.from)) to \(ConsoleFormat.time(milliseconds: result.to))"),
                .init(label: "In Apple's history", value: String(result.seen)),
                .init(label: "Already in the inbox", value: String(result.known)),
                .init(label: "Stored and applied now", value: String(result.recovered)),
                .init(label: "Rejected", value: String(result.rejected)),
            ], backHref: back, backLabel: "← Back to the inbox")
        return try templates.page("action-result", page, frame: frame("Backfill · \(console.appId)", console, .notifications))
    }

    @Sendable package func testNotificationAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, form) = try await supportAction(request, context)
        let body = TestNotificationRequest(
            environment: form.text("environment"), reason: form["reason"] ?? "", idempotencyKey: try Self.idempotencyKey(form))
        let response = try await admin.operatorActions.requestTest(call, body)
        let result = response.result
        return ConsoleResponse.redirect(to: Self.testStatusPath(console.appId, result) + (response.replayed ? "&replayed=1" : ""))
    }

    package static func testStatusPath(_ app: String, _ result: TestNotificationResult) -> String {
        ConsolePaths.app(app, .notifications) + "/test/" + ConsolePaths.escape(result.testNotificationToken) + "?environment="
            + ConsolePaths.query(result.environment)
    }

    /// Whether Apple sent its TEST notification and whether the inbox holds it (viewer role).
    @Sendable package func testStatusPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let admin = AdminCall(services: call.services, operator: call.account)
        let token = try context.text("token", bytes: 1...200, else: "a test notification token is 1–200 characters")
        let environment = try AppleSide.environment(request.uri.queryParameters.get("environment"), of: admin.app)
        let status = try await self.admin.inbox(admin).testStatus(token: token, environment: environment)
        let base = ConsolePaths.app(call.appId, .notifications)
        let attempts = status.sendAttempts.map { attempt in
            "\(ConsoleFormat.time(milliseconds: attempt.attemptDate)): \(attempt.sendAttemptResult ?? "no result")"
        }
        let page = TestStatusPage(
            token: token, environment: status.environment, arrived: status.arrived,
            firstResult: status.firstSendAttemptResult ?? "not sent yet", attempts: attempts, noAttempts: attempts.isEmpty,
            inboxHref: status.inbox.map { base + "/" + ConsolePaths.escape($0.id) },
            refreshHref: Self.testStatusPath(
                call.appId, TestNotificationResult(environment: status.environment, testNotificationToken: token)))
        return try templates.page("notification-test", page, frame: frame("TEST notification · \(call.appId)", call, .notifications))
    }
}

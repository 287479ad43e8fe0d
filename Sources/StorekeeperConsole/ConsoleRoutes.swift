package import AppStoreModels
import Foundation
package import Hummingbird
import NIOCore
package import Storekeeper
package import StorekeeperApplication
package import StorekeeperHTTP
package import StorekeeperStore

/// The web console, under `/console`: server-rendered pages for operators, signed in
/// with their operator name and key, over the same services the admin API uses.
///
/// Every page needs a live session (``ConsoleSessions``); every form carries the session's CSRF
/// token and is refused without it; an app's pages answer 404 to an operator who may not see the
/// app, and actions need the role they need in the admin API.
package struct ConsoleRoutes: Sendable {
    package let store: any PurchaseStore
    package let apps: [String: AppServices]
    /// The admin API: the console's actions run the same use cases (`admin.operatorActions`).
    package let admin: AdminAPI
    package let sessions: ConsoleSessions
    package let throttle: LoginThrottle
    package let templates: ConsoleTemplates
    /// The reconciliation results, when the store keeps reports.
    package let reports: (any ReportStore)?
    /// Business time, for what the pages show (sessions use real time).
    package let now: any WallClock

    package init(
        store: any PurchaseStore, apps: [String: AppServices], admin: AdminAPI, sessions: ConsoleSessions, throttle: LoginThrottle,
        templates: ConsoleTemplates, reports: (any ReportStore)?, now: any WallClock
    ) {
        self.store = store
        self.apps = apps
        self.admin = admin
        self.sessions = sessions
        self.throttle = throttle
        self.templates = templates
        self.reports = reports
        self.now = now
    }

    /// The sections every app shows, in navigation order.
    package static let sections: [ConsoleFrame.Section] = [
        .search, .overview, .analytics, .notifications, .refunds, .retention, .reconciliation, .audit,
    ]

    package func routes(_ router: Router<StorekeeperRequestContext>) {
        let console = router.group("console").add(middleware: ConsoleErrorMiddleware(templates: templates))
        console.get(use: home)
        console.get("assets/:file", use: asset)
        console.get("sign-in", use: signInPage)
        console.post("sign-in", use: signIn)
        console.post("sign-out", use: signOut)
        console.get("operators", use: operatorsPage)
        console.post("operators", use: createOperator)
        console.post("operators/:name/disable", use: disableOperator)
        console.get("apps/:app", use: appHome)
        console.get("apps/:app/search", use: search)
        console.get("apps/:app/customers/:customer", use: customerPage)
        console.post("apps/:app/customers/:customer/grant", use: grantAction)
        console.post("apps/:app/customers/:customer/grants/:grant/revoke", use: revokeGrantAction)
        console.post("apps/:app/customers/:customer/wallet/adjust", use: adjustWalletAction)
        console.post("apps/:app/customers/:customer/extend", use: extendAction)
        console.post("apps/:app/customers/:customer/resync", use: resyncAction)
        console.post("apps/:app/customers/:customer/orders/correct", use: correctOrderAction)
        console.post("apps/:app/customers/:customer/transfer", use: transferAction)
        console.post("apps/:app/customers/:customer/merge", use: mergeAction)
        console.get("apps/:app/customers/:customer/timeline/:entry/raw", use: timelineRawPage)
        console.get("apps/:app/groups/:originalTransactionId", use: groupPage)
        console.get("apps/:app/overview", use: overviewPage)
        console.get("apps/:app/analytics", use: analyticsPage)
        console.get("apps/:app/analytics/summary.csv", use: analyticsSummaryCSV)
        console.get("apps/:app/analytics/cohorts.csv", use: analyticsCohortsCSV)
        console.get("apps/:app/refunds", use: refundsPage)
        console.get("apps/:app/retention", use: retentionPage)
        console.post("apps/:app/retention/messages", use: retentionMessageAction)
        console.post("apps/:app/retention/defaults", use: retentionDefaultAction)
        console.post("apps/:app/retention/realtime-url", use: retentionURLAction)
        console.post("apps/:app/retention/rules", use: retentionRulesAction)
        console.post("apps/:app/retention/images", use: retentionImageAction)
        console.post("apps/:app/retention/delete", use: retentionDeleteAction)
        console.post("apps/:app/retention/performance-test", use: retentionPerformanceTestAction)
        console.get("apps/:app/notifications", use: notificationsPage)
        console.get("apps/:app/notifications/:id", use: notificationPage)
        console.post("apps/:app/notifications/:id/replay", use: replayNotificationAction)
        console.post("apps/:app/notifications/backfill", use: backfillAction)
        console.post("apps/:app/notifications/test", use: testNotificationAction)
        console.get("apps/:app/notifications/test/:token", use: testStatusPage)
        console.get("apps/:app/audit", use: auditPage)
        console.get("apps/:app/reconciliation", use: reconciliationPage)
        console.get("apps/:app/reconciliation/:day", use: reconciliationDayPage)
        // Any other path under /console: an HTML 404 rather than the API's JSON one.
        console.get("**") { _, _ -> Response in throw StorekeeperError.notFound("There is no such page.") }
    }

    // MARK: Plumbing

    /// An app page's request: the signed-in operator, the app and its services.
    package struct AppCall {
        package let signedIn: ConsoleSessions.SignedIn
        package let appId: String
        package let services: AppServices

        package var account: Operator { signedIn.account }
    }

    /// The live session, or a redirect to the sign-in page.
    package func signedIn(_ request: Request) async throws -> ConsoleSessions.SignedIn {
        guard let signedIn = try await sessions.resume(request) else { throw ConsoleRedirect(location: ConsolePaths.signIn) }
        return signedIn
    }

    /// The path's app once the operator may see it (404 otherwise, as if it did not exist) and
    /// holds `role` in it (403).
    package func appCall(_ request: Request, _ context: StorekeeperRequestContext, role: OperatorRole = .viewer) async throws -> AppCall {
        let signedIn = try await signedIn(request)
        let (id, services) = try context.app(in: apps, visible: { signedIn.account.may(.viewer, app: $0) })
        guard signedIn.account.may(role, app: id) else {
            throw StorekeeperError.forbidden(
                "this needs the \(role.rawValue) role; \(signedIn.account.name) is \(signedIn.account.role.rawValue)")
        }
        return AppCall(signedIn: signedIn, appId: id, services: services)
    }

    /// The posted form of a signed-in operator, once its CSRF token is the session's.
    package func postedForm(_ request: Request, _ signedIn: ConsoleSessions.SignedIn) async throws -> ConsoleForm {
        let form = try await ConsoleForm.read(request)
        guard ConsoleSessions.csrfMatches(form["csrf"], signedIn.session.csrfToken) else { throw ConsoleCSRFRefusal() }
        return form
    }

    /// The frame of an app page.
    package func frame(_ title: String, _ call: AppCall, _ section: ConsoleFrame.Section?) -> ConsoleFrame {
        ConsoleFrame(
            title, call.signedIn, app: call.appId, section: section, sections: Self.sections, knownApps: Array(apps.keys))
    }

    /// The app ids the operator may see, sorted.
    package func visibleApps(_ account: Operator) -> [String] {
        account.apps.filter { apps[$0] != nil }.sorted()
    }

    // MARK: Entry points

    /// `/console`: the first app's first section, or the sign-in page.
    @Sendable package func home(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let signedIn = try await signedIn(request)
        guard let first = visibleApps(signedIn.account).first else {
            return try templates.page(
                "no-apps", ConsoleMessage(message: "No app of this server is assigned to \(signedIn.account.name)."),
                frame: ConsoleFrame(
                    "No apps", signedIn, app: nil, section: nil, sections: [], knownApps: Array(apps.keys)))
        }
        return ConsoleResponse.redirect(to: ConsolePaths.app(first, Self.sections[0]))
    }

    /// `/console/apps/{app}`: the app's first section.
    @Sendable package func appHome(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        return ConsoleResponse.redirect(to: ConsolePaths.app(call.appId, Self.sections[0]))
    }

    @Sendable package func asset(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        guard let name = context.parameters.get("file"), let asset = templates.assets[name] else {
            throw StorekeeperError.notFound("no such asset")
        }
        return ConsoleResponse.asset(asset.bytes, contentType: asset.contentType)
    }
}

/// A page that shows one message.
package struct ConsoleMessage {
    package let message: String
}

/// A form posted without the session's CSRF token (or with another session's).
package struct ConsoleCSRFRefusal: Error {}

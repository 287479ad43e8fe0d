package import AppStoreModels
import Foundation
package import HTTPTypes
package import Hummingbird
import NIOCore
package import Storekeeper
package import StorekeeperApplication
package import StorekeeperStore

/// The admin API support and finance work from (`/v1/admin/...`): operators authenticate with
/// their own keys (`ok_...`), see only their apps, and act in their role; every action carries a
/// reason, is audited as theirs and is idempotent under a client-supplied key (each action is a use case of ``OperatorActions``).
///
/// Routes live in one extension per topic (`AdminAPI+<Topic>.swift`); `routes` registers them.
/// Server API keys and customer tokens never reach these routes (403).
package struct AdminAPI: Sendable {
    package let apps: [String: AppServices]
    package let authenticator: Authenticator
    package let store: any PurchaseStore
    /// Business time, for audit events and records.
    package let now: any WallClock

    package init(
        apps: [String: AppServices], authenticator: Authenticator, store: any PurchaseStore, now: any WallClock
    ) {
        self.apps = apps
        self.authenticator = authenticator
        self.store = store
        self.now = now
    }

    /// Every operator action, one use case each; the console runs its forms through the same.
    package var operatorActions: OperatorActions { OperatorActions(apps: apps, store: store, now: now) }

    package func routes(_ router: Router<StorekeeperRequestContext>) {
        let admin = router.group("v1/admin")
        operatorRoutes(admin)
        let app = admin.group("apps/:app")
        auditRoutes(app)
        eventRoutes(app)
        importRoutes(app)
        customerRoutes(app)
        groupRoutes(app)
        actionRoutes(app)
        appleRoutes(app)
        overviewRoutes(app)
        analyticsRoutes(app)
        retentionRoutes(app)
    }

    /// Resolves the route's app and its operator: 401 without a valid operator key, 403 for
    /// another kind of credential or a role below `role`, 404 when the app does not exist or the
    /// operator may not see it (the two are indistinguishable).
    package func call(_ request: Request, _ context: StorekeeperRequestContext, role: OperatorRole) async throws -> AdminCall {
        let account = try await authenticator.authenticateOperator(request)
        let (id, services) = try context.app(in: apps, visible: account.apps.contains)
        guard account.may(role, app: id) else {
            throw StorekeeperError.forbidden("this needs the \(role.rawValue) role; \(account.name) is \(account.role.rawValue)")
        }
        return AdminCall(services: services, operator: account)
    }

    /// The operator making a request not tied to one app, holding at least `role`.
    package func caller(_ request: Request, role: OperatorRole) async throws -> Operator {
        let account = try await authenticator.authenticateOperator(request)
        guard account.role >= role else {
            throw StorekeeperError.forbidden("this needs the \(role.rawValue) role; \(account.name) is \(account.role.rawValue)")
        }
        return account
    }

    package func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        try JSONBody.response(value, status: status)
    }

    /// The JSON body (small: admin bodies never carry receipts).
    package func decode<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        try await JSONBody.decode(type, request)
    }

    /// A query parameter as a bounded page size: `defaultValue` when absent, 1–`maximum`.
    package func limit(_ request: Request, defaultValue: Int = 50, maximum: Int = 500) throws -> Int {
        guard let raw = request.uri.queryParameters.get("limit") else { return defaultValue }
        guard let value = Int(raw), (1...maximum).contains(value) else {
            throw StorekeeperError.invalidRequest("limit must be 1–\(maximum)")
        }
        return value
    }
}

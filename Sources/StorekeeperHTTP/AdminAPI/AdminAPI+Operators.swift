import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication

/// Who am I, operators (admin role), and each app's audit log (admin role).
extension AdminAPI {
    package func operatorRoutes(_ admin: RouterGroup<StorekeeperRequestContext>) {
        admin.get("me", use: me)
        admin.get("operators", use: listOperators)
        admin.post("operators", use: createOperator)
        admin.post("operators/:name/disable", use: disableOperator)
    }

    package func auditRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.get("audit", use: auditLog)
    }

    @Sendable package func me(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let me = try await caller(request, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        return try json(MeResponse(operator: OperatorBody(me)))
    }

    /// The operators sharing at least one app with the calling admin, each shown with only the
    /// apps the admin may see.
    @Sendable package func listOperators(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let admin = try await caller(request, role: .admin)
        try await RequestBodyLimit.requireNone(request)
        let accounts = try await store.read { try await $0.operatorAccounts() }.compactMap { account -> OperatorBody? in
            var shown = account
            shown.apps = admin.visible(account.apps)
            return shown.apps.isEmpty ? nil : OperatorBody(shown)
        }
        return try json(OperatorListResponse(operators: accounts))
    }

    /// Creates an operator for apps the calling admin administers.
    @Sendable package func createOperator(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let admin = try await caller(request, role: .admin)
        let body = try await decode(CreateOperatorRequest.self, request)
        guard let role = OperatorRole(rawValue: body.role) else { throw StorekeeperError.invalidRequest("invalid field role") }
        let created = try await operatorActions.createOperator(
            name: body.name, role: role, apps: body.apps, reason: body.reason, by: admin)
        return try json(CreateOperatorResponse(operator: OperatorBody(created.account), key: created.key), status: .created)
    }

    /// Disables an operator who has no app outside the calling admin's; the key stops working
    /// on this instance at once.
    @Sendable package func disableOperator(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let admin = try await caller(request, role: .admin)
        let body = try await decode(DisableOperatorRequest.self, request)
        let disabled = try await operatorActions.disableOperator(
            named: try context.operatorName, reason: body.reason, by: admin)
        authenticator.operatorCache.removeAll()
        return try json(DisableOperatorResponse(operator: OperatorBody(disabled)))
    }

    /// `GET /v1/admin/apps/{app}/audit?operator=&kind=&before=&limit=`: the app's audit log,
    /// newest first (admin role), each event naming only the apps the caller was given.
    @Sendable package func auditLog(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .admin)
        try await RequestBodyLimit.requireNone(request)
        let query = request.uri.queryParameters
        let actor = query.get("operator").map { AuditActor.operator($0) }
        let kind = query.get("kind")
        let before = try query.get("before").map { text in
            guard let id = UUID(uuidString: text) else {
                throw StorekeeperError.invalidRequest("before must be a previous page's next")
            }
            return id
        }
        let limit = try limit(request)
        let events = try await store.read {
            try await $0.auditEvents(appId: call.app.id, actor: actor, kind: kind, before: before, limit: limit)
        }
        let next = events.count == limit ? events.last.map { $0.id.lowercasedString } : nil
        return try json(AuditPage(events: events.map { AuditEventBody($0.shown(to: call.operator)) }, next: next))
    }
}

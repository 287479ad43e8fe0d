import AppStoreModels
package import Hummingbird
package import Storekeeper
import StorekeeperApplication
package import StorekeeperHTTP

/// Creating and disabling operators from the console (admin role), through the same use cases
/// as the admin API (``OperatorActions/createOperator(name:role:apps:reason:by:)``,
/// ``OperatorActions/disableOperator(named:reason:by:)``): a reason is required and recorded in the audit
/// log of every app concerned, as the signed-in admin's.
extension ConsoleRoutes {
    package struct CreatedOperatorPage {
        package let name: String
        package let role: String
        package let apps: String
        package let key: String
    }

    @Sendable package func createOperator(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let signedIn = try await signedIn(request)
        let form = try await postedForm(request, signedIn)
        let account = try Self.requireAdmin(signedIn.account)
        let reason = try AdminActionBody.reason(form["reason"] ?? "")
        guard let role = form.text("role").flatMap(OperatorRole.init(rawValue:)) else {
            throw StorekeeperError.invalidRequest("choose a role: viewer, support or admin")
        }
        let created = try await admin.operatorActions.createOperator(
            name: form.text("name") ?? "", role: role, apps: form.values("apps"), reason: reason, by: account)
        return try templates.page(
            "operator-created",
            CreatedOperatorPage(
                name: created.account.name, role: created.account.role.rawValue, apps: created.account.apps.joined(separator: ", "),
                key: created.key),
            frame: ConsoleFrame(
                "Operator created", signedIn, app: nil, section: nil, sections: [], knownApps: Array(apps.keys),
                operatorsPage: true),
            status: .created)
    }

    @Sendable package func disableOperator(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let signedIn = try await signedIn(request)
        let form = try await postedForm(request, signedIn)
        let account = try Self.requireAdmin(signedIn.account)
        let reason = try AdminActionBody.reason(form["reason"] ?? "")
        _ = try await admin.operatorActions.disableOperator(named: try context.operatorName, reason: reason, by: account)
        // Its key stops working in the admin API of this instance at once too.
        admin.authenticator.operatorCache.removeAll()
        return ConsoleResponse.redirect(to: ConsolePaths.operators)
    }

    package static func requireAdmin(_ account: Operator) throws -> Operator {
        guard account.role == .admin else {
            throw StorekeeperError.forbidden("this needs the admin role; \(account.name) is \(account.role.rawValue)")
        }
        return account
    }
}

import AppStoreModels
package import Hummingbird
package import Storekeeper
import StorekeeperApplication
package import StorekeeperHTTP

/// Creating and disabling operators from the console (admin role), through the same
/// ``OperatorKeys`` the admin API and the CLI use: a reason is required and recorded in the audit
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
        let admin = try Self.requireAdmin(signedIn.account)
        let reason = try AdminActionBody.reason(form["reason"] ?? "")
        guard let role = form.text("role").flatMap(OperatorRole.init(rawValue:)) else {
            throw StorekeeperError.invalidRequest("choose a role: viewer, support or admin")
        }
        let chosen = form.values("apps")
        guard chosen.allSatisfy({ admin.apps.contains($0) && apps[$0] != nil }) else {
            throw StorekeeperError.notFound("no such app")
        }
        let created = try await OperatorKeys.create(
            name: form.text("name") ?? "", role: role, apps: chosen, in: store, actor: .operator(admin.name), reason: reason,
            now: now())
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
        let admin = try Self.requireAdmin(signedIn.account)
        let reason = try AdminActionBody.reason(form["reason"] ?? "")
        guard let name = context.parameters.get("name"),
            let account = try await store.read({ try await $0.operatorAccount(name: name) }),
            account.apps.contains(where: admin.apps.contains)
        else { throw StorekeeperError.notFound("no such operator") }
        guard account.apps.allSatisfy(admin.apps.contains) else {
            throw StorekeeperError.forbidden("\(account.name) also works on apps you do not administer")
        }
        guard account.name != admin.name else { throw StorekeeperError.invalidRequest("an admin cannot disable itself") }
        _ = try await OperatorKeys.disable(name: account.name, in: store, actor: .operator(admin.name), reason: reason, now: now())
        // Its key stops working in the admin API of this instance at once too.
        self.admin.authenticator.operatorCache.removeAll()
        return ConsoleResponse.redirect(to: ConsolePaths.operators)
    }

    package static func requireAdmin(_ account: Operator) throws -> Operator {
        guard account.role == .admin else {
            throw StorekeeperError.forbidden("this needs the admin role; \(account.name) is \(account.role.rawValue)")
        }
        return account
    }
}

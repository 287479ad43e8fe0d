import AppStoreModels
package import Hummingbird
import Storekeeper
import StorekeeperApplication
package import StorekeeperHTTP

/// The operators page (admin role): every operator sharing an app with the signed-in admin, its
/// role, the apps of its that the admin was given too, and whether it is disabled.
extension ConsoleRoutes {
    package struct OperatorsPage {
        package struct Row {
            package let name: String
            package let role: String
            package let apps: String
            package let created: String
            package let status: String
            package let isSelf: Bool
            package let canDisable: Bool
            package let disableHref: String
        }

        package struct AppChoice {
            package let id: String
        }

        package let operators: [Row]
        package let apps: [AppChoice]
        package let csrf: String
    }

    @Sendable package func operatorsPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let signedIn = try await signedIn(request)
        _ = try Self.requireAdmin(signedIn.account)
        let mine = Set(signedIn.account.apps)
        let accounts = try await store.read { try await $0.operatorAccounts() }.filter { !mine.isDisjoint(with: $0.apps) }
        let rows = accounts.map { account in
            OperatorsPage.Row(
                name: account.name, role: account.role.rawValue, apps: signedIn.account.visible(account.apps).joined(separator: ", "),
                created: ConsoleFormat.time(account.createdAt),
                status: account.disabledAt.map { "disabled " + ConsoleFormat.time($0) } ?? "active",
                isSelf: account.name == signedIn.account.name,
                canDisable: account.disabledAt == nil && account.name != signedIn.account.name && account.apps.allSatisfy(mine.contains),
                disableHref: ConsolePaths.operators + "/" + ConsolePaths.escape(account.name) + "/disable")
        }
        return try templates.page(
            "operators",
            OperatorsPage(
                operators: rows, apps: visibleApps(signedIn.account).map { OperatorsPage.AppChoice(id: $0) },
                csrf: signedIn.session.csrfToken),
            frame: ConsoleFrame(
                "Operators", signedIn, app: nil, section: nil, sections: [], knownApps: Array(apps.keys), operatorsPage: true))
    }
}

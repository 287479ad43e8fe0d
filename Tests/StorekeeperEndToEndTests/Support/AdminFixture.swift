import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// Operators for end-to-end tests of the admin API: each created in the stack's store with a
/// name unique to the test, with a client for its app's admin routes.
extension E2EStack {
    /// The admin routes of this stack's app: `/v1/admin/apps/<app>`.
    var adminPrefix: String { "/v1/admin/apps/" + stack.app.id }

    /// Creates an operator of `role` for `apps` (default: this stack's app) and answers its name
    /// and key.
    func createOperator(_ role: OperatorRole, name: String? = nil, apps: [String]? = nil) async throws -> (name: String, key: String) {
        let name = name ?? "\(role.rawValue)-\(tag)"
        let created = try await OperatorKeys.create(
            name: name, role: role, apps: apps ?? [stack.app.id], in: store, actor: .job("test"), reason: "test fixture")
        return (created.account.name, created.key)
    }

    /// A client of this app's admin routes (`/v1/admin/apps/<app>` + path) holding a new
    /// operator's key.
    func operatorClient(_ role: OperatorRole, name: String? = nil, apps: [String]? = nil) async throws -> CheckedClient {
        adminClient(credential: try await createOperator(role, name: name, apps: apps).key)
    }

    /// A client of this app's admin routes with any credential (a server key, a customer token).
    func adminClient(credential: String, app: String? = nil) -> CheckedClient {
        let prefix = "/v1/admin/apps/" + (app ?? stack.app.id)
        return CheckedClient(transport: root.appending(prefix), credential: credential, prefix: prefix, contract: contract)
    }

    /// A client of the admin routes outside any app (`/v1/admin` + path: `/me`, `/operators`).
    func adminRootClient(credential: String) -> CheckedClient {
        CheckedClient(transport: root.appending("/v1/admin"), credential: credential, prefix: "/v1/admin", contract: contract)
    }
}

import ArgumentParser
import Foundation

/// Where the admin commands send their requests and as whom: a running server's URL, an
/// operator key and the app, from flags or the environment.
struct AdminOptions: ParsableArguments {
    @Option(help: "The Storekeeper server's base URL (default: $STOREKEEPER_URL, else http://127.0.0.1:8080).")
    var server: String?

    @Option(help: "An operator key, ok_... (default: $STOREKEEPER_OPERATOR_KEY).")
    var key: String?

    @Option(help: "The app id (default: $STOREKEEPER_APP).")
    var app: String?

    @Flag(help: "Print the API's JSON instead of a table.")
    var json = false

    /// The client these options describe.
    func client() throws -> AdminClient {
        let environment = ProcessInfo.processInfo.environment
        guard let key = key ?? environment["STOREKEEPER_OPERATOR_KEY"], !key.isEmpty else {
            throw ValidationError("give an operator key with --key or STOREKEEPER_OPERATOR_KEY")
        }
        var base = server ?? environment["STOREKEEPER_URL"] ?? "http://127.0.0.1:8080"
        while base.hasSuffix("/") { base.removeLast() }
        return AdminClient(baseURL: base, key: key)
    }

    /// The app id, required by every app-scoped command.
    func appId() throws -> String {
        guard let app = app ?? ProcessInfo.processInfo.environment["STOREKEEPER_APP"], !app.isEmpty else {
            throw ValidationError("give the app with --app or STOREKEEPER_APP")
        }
        return app
    }

    /// `/v1/admin/apps/<app>` followed by `path`.
    func appPath(_ path: String) throws -> String {
        "/v1/admin/apps/" + AdminClient.pathSegment(try appId()) + path
    }
}

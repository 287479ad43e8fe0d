package import Hummingbird
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
package import StorekeeperHTTP

/// The web console's place in the application.
extension StorekeeperAssembly {
    /// `/console/...`, unless `console.enabled` is false, acting through `admin` (the admin API's
    /// services and idempotency). A build without the console's resources serves the API alone
    /// and logs why.
    package func consoleRoutes(_ router: Router<StorekeeperRequestContext>, admin: AdminAPI) {
        guard configuration.consoleEnabled else { return }
        let templates: ConsoleTemplates
        switch ConsoleTemplates.bundled {
        case .success(let loaded):
            templates = loaded
        case .failure(let missing):
            logger.error("the web console is off: its templates did not load", metadata: ["storekeeper.cause": "\(missing)"])
            return
        }
        ConsoleRoutes(
            store: store, apps: apps, admin: admin, sessions: ConsoleSessions(store: store, now: wallClock),
            throttle: LoginThrottle(now: wallClock),
            templates: templates, reports: store as? any ReportStore, now: now
        ).routes(router)
    }
}

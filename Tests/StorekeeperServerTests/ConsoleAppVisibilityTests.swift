import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import StorekeeperTesting
import Testing

/// An operator given several apps, as the console shows it to an admin of only one of them:
/// the operators page and the audit log name that app alone, never the others.
@Suite struct ConsoleAppVisibilityTests {
    @Test(arguments: StoreTestBackend.available)
    func anAdminIsShownOnlyTheAppsItWasGiven(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            _ = try await OperatorKeys.create(
                name: "both", role: .viewer, apps: [ConsoleHarness.otherApp, ConsoleHarness.app], in: h.store,
                actor: .job("test"), reason: "works on both apps", now: h.clock())
            let ada = try await h.signedIn("ada")

            let operators = try await ada.get("/console/operators")
            #expect(operators.status == .ok)
            #expect(operators.html.contains(#"<tr><th scope="row">both</th><td>viewer</td><td>app</td>"#), "\(operators.html)")
            #expect(!operators.html.contains("app, other"))

            let audit = try await ada.get("/console/apps/app/audit?kind=operator.created")
            #expect(audit.status == .ok)
            #expect(audit.html.contains("apps=app, role=viewer"), "\(audit.html)")
            #expect(!audit.html.contains("app,other") && !audit.html.contains("other,app"))
        }
    }
}

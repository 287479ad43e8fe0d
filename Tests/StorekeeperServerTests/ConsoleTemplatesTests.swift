import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// The console's embedded templates and assets: all present in the build and parseable, so a
/// broken template fails here rather than turning the console off at start.
@Suite struct ConsoleTemplatesTests {
    @Test func everyTemplateAndAssetLoads() throws {
        let templates = try ConsoleTemplates.load()
        for name in [
            "layout", "sign-in", "error", "no-apps", "audit", "operators", "operator-created", "reconciliation",
            "reconciliation-day", "search", "customer", "notifications", "notification",
        ] {
            #expect(templates.library.getTemplate(named: name) != nil, "template \(name)")
        }
        #expect(templates.assets["console.css"]?.contentType == "text/css; charset=utf-8")
        #expect(templates.assets["console.js"]?.contentType == "text/javascript; charset=utf-8")
    }
}

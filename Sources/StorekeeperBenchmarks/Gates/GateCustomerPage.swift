import Foundation
import Storekeeper
import StorekeeperConsole
import StorekeeperStore

/// The console's customer page for a loaded customer, rendered as the route renders it: the
/// page's template inside the layout, for a signed-in support operator.
struct GateCustomerPage {
    let templates: ConsoleTemplates
    let page: ConsoleRoutes.CustomerPage
    let frame: ConsoleFrame

    init(view: CustomerView, orders: [Order]) throws {
        templates = try ConsoleTemplates.load()
        page = ConsoleRoutes.customerPage(view, orders: orders)
        let account = Operator(
            name: "support", role: .support, apps: [BenchmarkStack.appId], keyHash: "", createdAt: GateSamples.signedAt)
        let session = ConsoleSession(
            idHash: "", operatorName: account.name, csrfToken: String(repeating: "c", count: 43), createdAt: GateSamples.signedAt,
            lastSeenAt: GateSamples.signedAt)
        frame = ConsoleFrame(
            "\(view.customerId.rawValue) · \(BenchmarkStack.appId)", ConsoleSessions.SignedIn(session: session, account: account),
            app: BenchmarkStack.appId, section: .search, sections: ConsoleRoutes.sections, knownApps: [BenchmarkStack.appId])
    }

    func render() throws -> String {
        try templates.render("layout", ConsoleLayout(frame: frame, content: templates.render("customer", page)))
    }
}

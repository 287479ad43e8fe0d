import Foundation
import HTTPTypes
import Storekeeper
import StorekeeperTesting
import Testing

/// What every console page links to: an icon the console serves (so a browser asks for no
/// `/favicon.ico`, which would be a 404 in every page's log), and only the sections the
/// signed-in operator's role may open.
@Suite struct ConsoleNavigationTests {
    @Test(arguments: StoreTestBackend.available)
    func everyPageNamesAnIconTheConsoleServes(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let link = #"<link rel="icon" href="/console/assets/favicon.svg" type="image/svg+xml">"#
            #expect(try await h.browser().get("/console/sign-in").html.contains(link), "signed out too")
            let browser = try await h.signedIn("sam")
            for path in ["/console/apps/app/search", "/console/apps/app/overview", "/console/apps/app/nothing-here"] {
                #expect(try await browser.get(path).html.contains(link), "\(path)")
            }
            let icon = try await browser.get("/console/assets/favicon.svg")
            #expect(icon.status == .ok)
            #expect(icon.headers[.contentType] == "image/svg+xml")
            #expect(icon.html.hasPrefix("<svg"))
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func theAuditLogLinkIsShownOnlyToWhoMayOpenIt(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let auditLink = #"href="/console/apps/app/audit""#
            for name in ["sam", "vic"] {
                let browser = try await h.signedIn(name)
                let page = try await browser.get("/console/apps/app/search")
                #expect(page.status == .ok)
                #expect(!page.html.contains(auditLink), "\(name) is not shown a link that answers 'Not allowed'")
                #expect(page.html.contains(#"href="/console/apps/app/notifications""#), "\(name) keeps the other sections")
                #expect(try await browser.get("/console/apps/app/audit").status == .forbidden)
            }
            let ada = try await h.signedIn("ada")
            let page = try await ada.get("/console/apps/app/search")
            #expect(page.html.contains(auditLink), "an admin is shown the audit log")
            #expect(try await ada.get("/console/apps/app/audit").status == .ok)
        }
    }
}

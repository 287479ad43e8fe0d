import AppStoreModels
import Foundation
import HTTPTypes
import Storekeeper
import StorekeeperTesting
import Testing

/// The console's sign-in, sessions, cookies and CSRF protection, in process on each backend.
@Suite struct ConsoleSessionTests {
    @Test(arguments: StoreTestBackend.available)
    func signInSetsAStrictHttpOnlySessionCookieAndOpensTheApp(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let browser = h.browser()
            let before = try await browser.get("/console/apps/app/search")
            #expect(before.status == .seeOther && before.location == "/console/sign-in", "pages need a session")

            let signedIn = try await browser.signIn("ada", key: ConsoleHarness.key("ada"))
            #expect(signedIn.status == .seeOther && signedIn.location == "/console")
            let session = try #require(signedIn.setCookies.first { $0.hasPrefix("storekeeper_console=") })
            #expect(session.contains("HttpOnly") && session.contains("SameSite=Strict") && session.contains("Path=/console"))
            #expect(!session.contains("Secure"), "plain HTTP: a Secure cookie would never come back")
            let home = try await browser.get("/console")
            #expect(home.status == .seeOther && home.location == "/console/apps/app/search")
            let page = try await browser.get("/console/apps/app/search")
            #expect(page.status == .ok && page.html.contains("ada"))

            // The store keeps the id's hash, never the id.
            let id = try #require(browser.cookies["storekeeper_console"])
            #expect(try await h.store.read { try await $0.consoleSession(idHash: id) } == nil)
            #expect(try await h.store.read { try await $0.consoleSession(idHash: ConsoleHarness.sha256Hex(id)) }?.operatorName == "ada")
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func behindTLSTheCookieIsSecure(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            var headers = HTTPFields()
            headers[try #require(HTTPField.Name("X-Forwarded-Proto"))] = "https"
            let response = try await h.browser().signIn("ada", key: ConsoleHarness.key("ada"), headers: headers)
            let session = try #require(response.setCookies.first { $0.hasPrefix("storekeeper_console=") })
            #expect(session.contains("Secure"))
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func aWrongKeyOrNameDoesNotSignInAndRepeatedFailuresAreThrottled(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let browser = h.browser()
            let wrongKey = try await browser.signIn("ada", key: "ok_wrong")
            #expect(wrongKey.status == .unauthorized && wrongKey.html.contains("wrong"))
            let otherName = try await browser.signIn("sam", key: ConsoleHarness.key("ada"))
            #expect(otherName.status == .unauthorized, "a key signs in only the operator it belongs to")
            #expect(browser.cookies["storekeeper_console"] == nil)
            for _ in 0..<4 { _ = try await browser.signIn("ada", key: "ok_wrong") }
            let throttled = try await browser.signIn("ada", key: ConsoleHarness.key("ada"))
            #expect(throttled.status == .tooManyRequests, "five failures for a name refuse even the right key for a while")
            h.clock.advance(by: 16 * 60)
            #expect(try await browser.signIn("ada", key: ConsoleHarness.key("ada")).status == .seeOther)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func aSignInWithoutTheFormsTokenIsRefused(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let browser = h.browser()
            let response = try await browser.post(
                "/console/sign-in", [("csrf", "forged"), ("name", "ada"), ("key", ConsoleHarness.key("ada"))])
            #expect(response.status == .forbidden && response.html.contains("CSRF"))
            #expect(browser.cookies["storekeeper_console"] == nil)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func signOutNeedsTheCSRFTokenAndEndsTheSession(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let browser = try await h.signedIn("ada")
            let page = try await browser.get("/console/apps/app/search")
            let csrf = try #require(page.csrf)
            let stolen = try #require(browser.cookies["storekeeper_console"])

            let forged = try await browser.post("/console/sign-out", [])
            #expect(forged.status == .forbidden && forged.html.contains("CSRF"), "a POST without the token is refused")
            #expect(try await browser.get("/console/apps/app/search").status == .ok, "and changes nothing")

            let out = try await browser.post("/console/sign-out", [("csrf", csrf)])
            #expect(out.status == .seeOther && out.location == "/console/sign-in")
            #expect(browser.cookies["storekeeper_console"] == nil)
            // The old cookie, replayed, no longer opens anything: the session is gone server-side.
            let again = try await h.client.execute(
                uri: "/console/apps/app/search", method: .get, headers: [.cookie: "storekeeper_console=\(stolen)"], body: nil)
            #expect(again.status == .seeOther)
            #expect(try await h.store.read { try await $0.consoleSession(idHash: ConsoleHarness.sha256Hex(stolen)) } == nil)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func sessionsExpireAfter30IdleMinutesAndAfter12HoursWhateverTheActivity(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let idle = try await h.signedIn("ada")
            h.clock.advance(by: 29 * 60)
            #expect(try await idle.get("/console/apps/app/search").status == .ok, "29 idle minutes: still signed in")
            h.clock.advance(by: 29 * 60)
            #expect(try await idle.get("/console/apps/app/search").status == .ok, "activity restarted the idle time")
            h.clock.advance(by: 31 * 60)
            #expect(try await idle.get("/console/apps/app/search").status == .seeOther, "31 idle minutes: signed out")

            let busy = try await h.signedIn("ada")
            for _ in 0..<(12 * 3 - 1) {
                h.clock.advance(by: 20 * 60)
                #expect(try await busy.get("/console/apps/app/search").status == .ok)
            }
            h.clock.advance(by: 21 * 60)
            #expect(try await busy.get("/console/apps/app/search").status == .seeOther, "12 hours after sign-in: signed out")
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func disablingAnOperatorEndsItsSessions(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let browser = try await h.signedIn("sam")
            #expect(try await browser.get("/console/apps/app/search").status == .ok)
            _ = try await h.store.write { try await $0.disableOperator(name: "sam", at: h.clock()) }
            #expect(try await browser.get("/console/apps/app/search").status == .seeOther)
            #expect(try await h.browser().signIn("sam", key: ConsoleHarness.key("sam")).status == .unauthorized)
        }
    }
}

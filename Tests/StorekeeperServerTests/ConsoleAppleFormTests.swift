import AppStoreModels
import Foundation
import HTTPTypes
import Storekeeper
import StorekeeperTesting
import Testing

/// The console's Apple-side forms in process on each backend, where the app has no App Store
/// Server API key: support sees them, a viewer neither sees them nor may post them, a form without
/// its CSRF token is refused, bad input gets a clear error before Apple is asked, and the missing
/// key is said plainly (409) with nothing recorded. (Against the simulator:
/// `ConsoleAppleActionTests` in the end-to-end tests.)
@Suite struct ConsoleAppleFormTests {
    static let page = ConsoleActionTests.page
    static let inbox = "/console/apps/app/notifications"

    @Test(arguments: StoreTestBackend.available)
    func supportSeesTheFormsAndAViewerCannotPostThem(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await ConsoleActionTests.withCarol(h)
            let sam = try await h.signedIn("sam")
            let customer = try await sam.get(Self.page)
            #expect(customer.html.contains("id=\"extend-form\"") && customer.html.contains("No subscription to extend."))
            #expect(customer.html.contains("at most twice per subscription in 365 days"), "Apple's limits are on the form")
            #expect(customer.html.contains("id=\"resync-form\"") && customer.html.contains("id=\"transfer-form\""))
            let tools = try await sam.get(Self.inbox)
            #expect(tools.html.contains("id=\"backfill-form\"") && tools.html.contains("id=\"test-form\""))

            let vic = try await h.signedIn("vic")
            let seen = try await vic.get(Self.inbox)
            #expect(!seen.html.contains("id=\"backfill-form\"") && !seen.html.contains("id=\"test-form\""))
            let csrf = try #require(seen.csrf)
            for (path, fields) in [
                (Self.page + "/resync", [("reason", "x")]),
                (Self.page + "/extend", [("originalTransactionId", "1"), ("days", "7"), ("reasonCode", "1"), ("reason", "x")]),
                (Self.inbox + "/test", [("environment", "Sandbox"), ("reason", "x")]),
                (Self.inbox + "/backfill", [("from", "2025-11-24T10:00"), ("to", "2025-11-24T11:00"), ("reason", "x")]),
            ] {
                let refused = try await vic.post(path, [("csrf", csrf), ("idempotencyKey", "k")] + fields)
                #expect(refused.status == .forbidden && refused.html.contains("support"), "\(path)")
                let forged = try await sam.post(path, [("idempotencyKey", "k")] + fields)
                #expect(forged.status == .forbidden && forged.html.contains("CSRF"), "\(path) without the token")
            }
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func badInputIsAClearErrorAndAMissingAPIKeyIsSaidPlainly(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await ConsoleActionTests.withCarol(h)
            let sam = try await h.signedIn("sam")
            let customer = try await sam.get(Self.page)
            func hidden(_ action: String, _ html: String) throws -> [(String, String)] {
                [
                    ("csrf", try ConsoleActionTests.field("csrf", of: action, in: html)),
                    ("idempotencyKey", try ConsoleActionTests.field("idempotencyKey", of: action, in: html)),
                ]
            }
            let extend = Self.page + "/extend"
            let extendKey = [
                ("csrf", customer.csrf ?? ""), ("idempotencyKey", "extend-1"),
            ]
            let tooLong = try await sam.post(
                extend, extendKey + [("originalTransactionId", "1"), ("days", "91"), ("reasonCode", "1"), ("reason", "outage")])
            #expect(tooLong.status == .badRequest && tooLong.html.contains("days must be 1–90"), "\(tooLong.html)")
            let badCode = try await sam.post(
                extend, extendKey + [("originalTransactionId", "1"), ("days", "7"), ("reasonCode", "9"), ("reason", "outage")])
            #expect(badCode.status == .badRequest && badCode.html.contains("reasonCode must be"))
            let notANumber = try await sam.post(
                extend, extendKey + [("originalTransactionId", "1"), ("days", "a week"), ("reasonCode", "1"), ("reason", "outage")])
            #expect(notANumber.status == .badRequest && notANumber.html.contains("whole number"))
            let notTheirs = try await sam.post(
                extend, extendKey + [("originalTransactionId", "1"), ("days", "7"), ("reasonCode", "1"), ("reason", "outage")])
            #expect(notTheirs.status == .notFound && notTheirs.html.contains("no subscription 1"))

            let resync = try await sam.post(Self.page + "/resync", try hidden(Self.page + "/resync", customer.html) + [("reason", "x")])
            #expect(resync.status == .conflict && resync.html.contains("no App Store Server API key"), "\(resync.html)")
            let inbox = try await sam.get(Self.inbox)
            let test = try await sam.post(
                Self.inbox + "/test", try hidden(Self.inbox + "/test", inbox.html) + [("environment", "Sandbox"), ("reason", "x")])
            #expect(test.status == .conflict && test.html.contains("no App Store Server API key"))
            let backfill = Self.inbox + "/backfill"
            let badTime = try await sam.post(
                backfill, try hidden(backfill, inbox.html) + [("from", "yesterday"), ("to", "2025-11-24T11:00"), ("reason", "x")])
            #expect(badTime.status == .badRequest && badTime.html.contains("YYYY-MM-DDTHH:MM"))
            let backwards = try await sam.post(
                backfill,
                try hidden(backfill, inbox.html) + [("from", "2025-11-24T11:00"), ("to", "2025-11-24T10:00"), ("reason", "x")])
            #expect(backwards.status == .badRequest && backwards.html.contains("from must be before to"), "\(backwards.html)")
            let moon = try await sam.post(
                backfill,
                try hidden(backfill, inbox.html) + [
                    ("environment", "Moon"), ("from", "2025-11-24T10:00"), ("to", "2025-11-24T11:00"), ("reason", "x"),
                ])
            #expect(moon.status == .badRequest && moon.html.contains("environment must be one the app serves"))
            let ada = try await h.signedIn("ada")
            let audit = try await ada.get("/console/apps/app/audit?operator=sam")
            #expect(audit.status == .ok && !audit.html.contains("customer.resynced"), "nothing was done")
        }
    }
}

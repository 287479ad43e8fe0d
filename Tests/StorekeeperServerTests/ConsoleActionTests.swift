import AppStoreModels
import Foundation
import HTTPTypes
import Storekeeper
import StorekeeperTesting
import Testing

/// Support's actions from the console's customer page, in process on each backend: each needs
/// the support role, the session's CSRF token and a reason, is done once per form (its
/// idempotency key), and is recorded in the audit log as the operator's with the reason.
@Suite struct ConsoleActionTests {
    static let page = "/console/apps/app/customers/carol"

    static func withCarol(_ h: ConsoleHarness) async throws {
        let carol = try #require(CustomerID(rawValue: "carol"))
        try await h.store.write { tx in _ = try await tx.ensureCustomer(Customer(id: carol, createdAt: h.clock())) }
    }

    /// The hidden field `name`'s value in the form whose action is `action`.
    static func field(_ name: String, of action: String, in html: String) throws -> String {
        let form = try #require(html.range(of: "action=\"\(action)\""), "no form posting to \(action)")
        let rest = html[form.upperBound...]
        let field = try #require(rest.range(of: "name=\"\(name)\" value=\""), "no \(name) in the form")
        let value = rest[field.upperBound...]
        return String(value[..<(value.firstIndex(of: "\"") ?? value.endIndex)])
    }

    @Test(arguments: StoreTestBackend.available)
    func supportGrantsWithAReasonOnceAndTheAuditLogSaysWhoAndWhy(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await Self.withCarol(h)
            let sam = try await h.signedIn("sam")
            let before = try await sam.get(Self.page)
            #expect(before.status == .ok && before.html.contains("Grant an entitlement"))
            let action = Self.page + "/grant"
            let fields = [
                ("csrf", try Self.field("csrf", of: action, in: before.html)),
                ("idempotencyKey", try Self.field("idempotencyKey", of: action, in: before.html)),
                ("entitlement", "no_ads"), ("duration", "P7D"), ("reason", "ticket 4411: app crashed on launch"),
            ]
            let granted = try await sam.post(action, fields)
            #expect(granted.status == .seeOther && granted.location == Self.page + "?done=grant")
            let after = try await sam.get(granted.location ?? Self.page)
            #expect(after.html.contains("✓ Entitlement granted."))
            #expect(after.html.contains("<strong>✓ no_ads</strong>"), "the record shows the entitlement active")
            #expect(after.html.contains("ticket 4411: app crashed on launch"), "the grant and its reason are listed")

            // The same form again (a double click, a reload): nothing is done again.
            let again = try await sam.post(action, fields)
            #expect(again.location == Self.page + "?done=grant&replayed=1")
            let carol = try #require(CustomerID(rawValue: "carol"))
            #expect(try await h.store.read { try await $0.operatorGrants(customerId: carol) }.count == 1)

            let ada = try await h.signedIn("ada")
            let audit = try await ada.get("/console/apps/app/audit?operator=sam")
            #expect(audit.html.contains("grant.created") && audit.html.contains("operator:sam"))
            #expect(audit.html.contains("Reason: ticket 4411: app crashed on launch"))
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func aViewerSeesNoFormsAndItsPostsAreRefused(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await Self.withCarol(h)
            let vic = try await h.signedIn("vic")
            let page = try await vic.get(Self.page)
            #expect(page.status == .ok && !page.html.contains("Grant an entitlement"))
            let csrf = try #require(page.csrf, "the sign-out form still carries the session's token")
            let refused = try await vic.post(
                Self.page + "/grant",
                [("csrf", csrf), ("idempotencyKey", "k-1"), ("entitlement", "no_ads"), ("duration", "P7D"), ("reason", "try")])
            #expect(refused.status == .forbidden && refused.html.contains("support"))
            let carol = try #require(CustomerID(rawValue: "carol"))
            #expect(try await h.store.read { try await $0.operatorGrants(customerId: carol) }.isEmpty)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func anActionWithoutTheCSRFTokenOrAReasonIsRefused(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await Self.withCarol(h)
            let sam = try await h.signedIn("sam")
            let noToken = try await sam.post(
                Self.page + "/grant", [("idempotencyKey", "k-1"), ("entitlement", "no_ads"), ("duration", "P7D"), ("reason", "x")])
            #expect(noToken.status == .forbidden && noToken.html.contains("CSRF"))
            let page = try await sam.get(Self.page)
            let csrf = try #require(page.csrf)
            let noReason = try await sam.post(
                Self.page + "/grant", [("csrf", csrf), ("idempotencyKey", "k-2"), ("entitlement", "no_ads"), ("duration", "P7D")])
            #expect(noReason.status == .badRequest && noReason.html.contains("reason"))
            let carol = try #require(CustomerID(rawValue: "carol"))
            #expect(try await h.store.read { try await $0.operatorGrants(customerId: carol) }.isEmpty)
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func supportAdjustsTheWalletAndRevokesAGrant(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            try await Self.withCarol(h)
            let sam = try await h.signedIn("sam")
            var page = try await sam.get(Self.page)
            let adjust = Self.page + "/wallet/adjust"
            let adjusted = try await sam.post(
                adjust,
                [
                    ("csrf", try Self.field("csrf", of: adjust, in: page.html)),
                    ("idempotencyKey", try Self.field("idempotencyKey", of: adjust, in: page.html)), ("currency", "gems"),
                    ("amount", "50"), ("reason", "compensation for the outage"),
                ])
            #expect(adjusted.location == Self.page + "?done=adjust")
            page = try await sam.get(Self.page)
            #expect(page.html.contains("gems: <strong>50</strong>"))

            let grant = Self.page + "/grant"
            _ = try await sam.post(
                grant,
                [
                    ("csrf", try Self.field("csrf", of: grant, in: page.html)),
                    ("idempotencyKey", try Self.field("idempotencyKey", of: grant, in: page.html)), ("entitlement", "no_ads"),
                    ("duration", "P1D"), ("reason", "trial extension"),
                ])
            page = try await sam.get(Self.page)
            let revoke = try #require(page.html.range(of: #"/grants/[0-9a-f-]+/revoke"#, options: .regularExpression))
            let action = Self.page + String(page.html[revoke])
            let revoked = try await sam.post(
                action,
                [
                    ("csrf", try Self.field("csrf", of: action, in: page.html)),
                    ("idempotencyKey", try Self.field("idempotencyKey", of: action, in: page.html)), ("reason", "granted by mistake"),
                ])
            #expect(revoked.location == Self.page + "?done=revoke")
            page = try await sam.get(Self.page)
            #expect(!page.html.contains("<strong>✓ no_ads</strong>"), "the entitlement ended with its grant")
        }
    }
}

import AppStoreModels
import Foundation
import HTTPTypes
import Storekeeper
import StorekeeperTesting
import Testing

/// The console's corrections of a customer's records, in process on each backend: order
/// correction, transfer and merge run the admin API's actions once per form, answer a page
/// saying what changed, refuse a viewer, a missing CSRF token and bad input with a clear error,
/// and are audited as the operator's with the reason.
@Suite struct ConsoleRecordActionTests {
    static let page = ConsoleActionTests.page

    /// Carol with two open orders (for gems), and dave.
    static func withOrders(_ h: ConsoleHarness) async throws -> (UUID, UUID) {
        try await ConsoleActionTests.withCarol(h)
        let carol = try #require(CustomerID(rawValue: "carol"))
        let dave = try #require(CustomerID(rawValue: "dave"))
        let first = UUID()
        let second = UUID()
        try await h.store.write { tx in
            _ = try await tx.ensureCustomer(Customer(id: dave, createdAt: h.clock()))
            for id in [first, second] {
                try await tx.insertOrder(
                    Order(
                        id: id, customerId: carol, productId: "gems.100", createdAt: h.clock(),
                        expiresAt: h.clock().adding(milliseconds: 3_600_000)))
            }
        }
        return (first, second)
    }

    static func order(_ h: ConsoleHarness, _ id: UUID) async throws -> Order? {
        try await h.store.read { try await $0.order(id: id) }
    }

    @Test(arguments: StoreTestBackend.available)
    func supportCorrectsAnOrderOnceWithAClearErrorForABadFailureCode(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let (first, second) = try await Self.withOrders(h)
            let sam = try await h.signedIn("sam")
            let page = try await sam.get(Self.page)
            #expect(page.html.contains("id=\"correct-form\"") && page.html.contains(first.uuidString.lowercased()))
            let action = Self.page + "/orders/correct"
            let hidden = [
                ("csrf", try ConsoleActionTests.field("csrf", of: action, in: page.html)),
                ("idempotencyKey", try ConsoleActionTests.field("idempotencyKey", of: action, in: page.html)),
            ]
            let badCode = try await sam.post(
                action,
                hidden + [
                    ("order", first.uuidString), ("action", "mark_failed"), ("failureCode", "not a code!"), ("reason", "ticket 12"),
                ])
            #expect(badCode.status == .badRequest && badCode.html.contains("failureCode must be"), "\(badCode.html)")
            let fields =
                hidden + [
                    ("order", first.uuidString), ("action", "mark_failed"), ("failureCode", "payment_declined"), ("reason", "ticket 12"),
                ]
            let failed = try await sam.post(action, fields)
            #expect(failed.status == .ok && failed.html.contains("Order corrected (mark_failed)."), "\(failed.html)")
            #expect(failed.html.contains("failed (payment_declined)"))
            #expect(try await Self.order(h, first)?.state == .failed)
            let again = try await sam.post(action, fields)
            #expect(again.html.contains("had already been sent"))

            let other = try await sam.get(Self.page)
            let delivered = try await sam.post(
                action,
                [
                    ("csrf", try ConsoleActionTests.field("csrf", of: action, in: other.html)),
                    ("idempotencyKey", try ConsoleActionTests.field("idempotencyKey", of: action, in: other.html)),
                    ("order", second.uuidString), ("action", "mark_delivered"), ("reason", "sent by mail"),
                ])
            #expect(delivered.status == .ok && delivered.html.contains("Order corrected (mark_delivered)."), "\(delivered.html)")
            #expect(try await Self.order(h, second)?.state == .delivered)

            let ada = try await h.signedIn("ada")
            let audit = try await ada.get("/console/apps/app/audit?operator=sam")
            #expect(audit.html.contains("Reason: ticket 12") && audit.html.contains("Reason: sent by mail"))
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func anOrderOfAnotherCustomerOrAnUnknownCorrectionIsRefused(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let (first, _) = try await Self.withOrders(h)
            let sam = try await h.signedIn("sam")
            let page = try await sam.get(Self.page)
            let action = Self.page + "/orders/correct"
            let csrf = try ConsoleActionTests.field("csrf", of: action, in: page.html)
            let theirs = try await sam.post(
                "/console/apps/app/customers/dave/orders/correct",
                [("csrf", csrf), ("idempotencyKey", "k-1"), ("order", first.uuidString), ("action", "mark_delivered"), ("reason", "x")])
            #expect(theirs.status == .notFound, "carol's order is not dave's")
            let unknown = try await sam.post(
                action, [("csrf", csrf), ("idempotencyKey", "k-2"), ("order", first.uuidString), ("action", "explode"), ("reason", "x")])
            #expect(unknown.status == .badRequest && unknown.html.contains("attach, mark_delivered, mark_failed or redeliver"))
            let noCSRF = try await sam.post(
                action, [("idempotencyKey", "k-3"), ("order", first.uuidString), ("action", "mark_delivered"), ("reason", "x")])
            #expect(noCSRF.status == .forbidden)
            #expect(try await Self.order(h, first)?.state == .created, "nothing was changed")
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func supportTransfersAndMergesAndAViewerCannot(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            _ = try await Self.withOrders(h)
            let vic = try await h.signedIn("vic")
            let seen = try await vic.get(Self.page)
            #expect(!seen.html.contains("id=\"merge-form\"") && !seen.html.contains("id=\"transfer-form\""))
            let refused = try await vic.post(
                Self.page + "/merge", [("csrf", seen.csrf ?? ""), ("idempotencyKey", "k"), ("into", "dave"), ("reason", "same person")])
            #expect(refused.status == .forbidden)

            let sam = try await h.signedIn("sam")
            let page = try await sam.get(Self.page)
            func form(_ action: String) throws -> [(String, String)] {
                [
                    ("csrf", try ConsoleActionTests.field("csrf", of: action, in: page.html)),
                    ("idempotencyKey", try ConsoleActionTests.field("idempotencyKey", of: action, in: page.html)),
                ]
            }
            let badTarget = try await sam.post(
                Self.page + "/transfer", try form(Self.page + "/transfer") + [("to", "no spaces"), ("reason", "x")])
            #expect(badTarget.status == .badRequest && badTarget.html.contains("to: a customer id"))
            let transferred = try await sam.post(
                Self.page + "/transfer", try form(Self.page + "/transfer") + [("to", "dave"), ("reason", "new device")])
            #expect(transferred.status == .ok && transferred.html.contains("Transferred 0 to dave."), "\(transferred.html)")
            let merged = try await sam.post(
                Self.page + "/merge", try form(Self.page + "/merge") + [("into", "dave"), ("reason", "same person")])
            #expect(merged.status == .ok && merged.html.contains("Merged carol into dave."), "\(merged.html)")
            let carol = try #require(CustomerID(rawValue: "carol"))
            #expect(try await h.store.read { try await $0.customer(carol) }?.mergedInto?.rawValue == "dave")
        }
    }
}

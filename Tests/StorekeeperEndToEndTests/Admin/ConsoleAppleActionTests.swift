import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperLocal
import StorekeeperServer
import Testing

/// The console's actions that go through Apple, against the simulator over HTTP on each backend:
/// resync shows what changed, extend moves the renewal date at Apple, a backfill recovers a
/// notification Apple never delivered, a TEST notification is seen arriving, and the refunds page
/// shows a CONSUMPTION_REQUEST's answer with the time left. Each form needs the support role, its
/// CSRF token and a reason, is done once per form, and is audited as the operator's.
@Suite struct ConsoleAppleActionTests {
    static func operatorSession(
        _ h: NotificationAdminStack, _ role: OperatorRole, _ body: @escaping @Sendable (ConsoleWebBrowser) async throws -> Void
    ) async throws {
        let created = try await h.e2e.createOperator(role, name: "console-\(role.rawValue)-\(h.e2e.tag)")
        try await ConsoleWebBrowser.with(h.e2e.stack.storekeeperURL) { browser in
            try await browser.signIn(created.name, key: created.key)
            try await body(browser)
        }
    }

    @Test(arguments: E2EBackend.all)
    func resyncShowsWhatChangedAndExtendMovesTheRenewalDate(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let kim = h.e2e.customer("kim")
            let account = try h.account("kim")
            let bought = try await h.buy(kim, account: account, DemoCatalog.monthly)
            let original = try #require(bought.transaction.originalTransactionId)
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            let gems = try await h.buy(kim, account: account, DemoCatalog.gems)
            let gemsId = try #require(gems.transaction.transactionId)
            #expect(try await h.view(kim).balance("gems") == 0, "the gems' notification never arrived")
            let page = "/console/apps/\(h.e2e.stack.app.id)/customers/\(kim)"

            try await Self.operatorSession(h, .viewer) { viewer in
                let seen = try await viewer.get(page)
                #expect(seen.status == 200 && !seen.html.contains("id=\"resync-form\"") && !seen.html.contains("id=\"extend-form\""))
                let refused = try await viewer.post(
                    page + "/resync", [("csrf", try seen.field("csrf", of: "/console/sign-out")), ("idempotencyKey", "k"), ("reason", "x")])
                #expect(refused.status == 403, "a viewer cannot resync")
            }
            try await Self.operatorSession(h, .support) { support in
                let before = try await support.get(page)
                #expect(before.html.contains("id=\"extend-limits\""), "Apple's limits are on the form")
                let noReason = try await support.submit(page + "/resync", on: before, [("reason", " ")])
                #expect(noReason.status == 400 && noReason.html.contains("reason"), "\(noReason.html)")
                let resynced = try await support.submit(page + "/resync", on: before, [("reason", "says gems vanished")])
                #expect(resynced.status == 200, "\(resynced.html)")
                #expect(resynced.html.contains("Resynced from Apple."))
                #expect(resynced.html.contains(gemsId), "the new transaction is listed")
                let again = try await support.submit(page + "/resync", on: before, [("reason", "says gems vanished")])
                #expect(again.html.contains("had already been sent"), "the same form again does nothing again")
                #expect(try await h.view(kim).balance("gems") == 100, "applied once")

                let expiry = try #require(h.simulator.subscription(originalTransactionId: original)?.expiresDate)
                let form = try await support.get(page)
                let tooLong = try await support.submit(
                    page + "/extend", on: form,
                    [("originalTransactionId", original), ("days", "91"), ("reasonCode", "1"), ("reason", "outage")])
                #expect(tooLong.status == 400 && tooLong.html.contains("1–90"), "Apple's limit is told: \(tooLong.html)")
                let extended = try await support.submit(
                    page + "/extend", on: form,
                    [("originalTransactionId", original), ("days", "7"), ("reasonCode", "3"), ("reason", "outage on the 3rd")])
                #expect(extended.status == 200 && extended.html.contains("Extended at Apple."), "\(extended.html)")
                let moved = try #require(h.simulator.subscription(originalTransactionId: original)?.expiresDate)
                #expect(moved.millisecondsSince1970 - expiry.millisecondsSince1970 == 7 * 86_400_000)
                #expect(extended.html.contains(ConsoleTestFormat.time(moved)), "the new renewal date is shown")

                let timeline = try await support.get(page + "?kind=operator")
                #expect(timeline.html.contains("subscription.extended") && timeline.html.contains("outage on the 3rd"))
                #expect(!timeline.html.contains("[notification]"), "the filter leaves Apple's facts out")
            }
            let audit = try await h.e2e.audit(kim)
            #expect(audit.filter { $0.kind == "customer.resynced" }.count == 1)
            let extended = try #require(audit.first { $0.kind == "subscription.extended" })
            #expect(extended.actor.rawValue.hasPrefix("operator:console-support-"))
            #expect(extended.reason == "outage on the 3rd")
        }
    }

    @Test(arguments: E2EBackend.all)
    func backfillRecoversAMissedNotificationAndTheTestNotificationIsSeenArriving(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let lena = h.e2e.customer("lena")
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            try await h.buy(lena, account: try h.account("lena"), DemoCatalog.gems)
            try await h.simulator.advance(byMilliseconds: 60_000)
            let inbox = "/console/apps/\(h.e2e.stack.app.id)/notifications"
            try await Self.operatorSession(h, .support) { support in
                let page = try await support.get(inbox)
                #expect(page.html.contains("id=\"backfill-form\"") && page.html.contains("id=\"test-form\""))
                let from = ConsoleTestFormat.minute(h.now.adding(milliseconds: -3_600_000))
                let to = ConsoleTestFormat.minute(h.now.adding(milliseconds: 60_000))
                let bad = try await support.submit(
                    inbox + "/backfill", on: page, [("environment", "Sandbox"), ("from", "yesterday"), ("to", to), ("reason", "gems")])
                #expect(bad.status == 400 && bad.html.contains("YYYY-MM-DDTHH:MM"), "\(bad.html)")
                let backfilled = try await support.submit(
                    inbox + "/backfill", on: page, [("environment", "Sandbox"), ("from", from), ("to", to), ("reason", "gems missing")])
                #expect(backfilled.status == 200 && backfilled.html.contains("Backfilled 1 notification(s)."), "\(backfilled.html)")
                #expect(try await h.view(lena).balance("gems") == 100)

                let requested = try await support.submit(inbox + "/test", on: page, [("environment", "Sandbox"), ("reason", "URL check")])
                #expect(requested.status == 303, "\(requested.html)")
                let status = try await support.get(try #require(requested.location))
                #expect(status.status == 200 && status.html.contains("✓ It arrived"), "\(status.html)")
                #expect(status.html.contains("id=\"test-inbox-entry\""))
            }
            try await Self.operatorSession(h, .viewer) { viewer in
                let page = try await viewer.get(inbox)
                #expect(!page.html.contains("id=\"backfill-form\""), "a viewer sees no Apple-side forms")
            }
        }
    }

    @Test(arguments: E2EBackend.all)
    func theRefundsPageShowsTheConsumptionAnswerAndTheTimeLeftThenTheClawback(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let carol = h.e2e.customer("carol")
            let consent = try await h.e2e.server.send(
                .PUT, "/customers/\(carol)/consumption-consent", body: try JSONSerialization.data(withJSONObject: ["consented": true]))
            #expect(consent.status == 200)
            let bought = try await h.buy(carol, account: try h.account("carol"), DemoCatalog.gems)
            let transactionId = try #require(bought.transaction.transactionId)
            try await h.simulator.requestRefund(transactionId: transactionId, reason: .unintendedPurchase)
            let refunds = "/console/apps/\(h.e2e.stack.app.id)/refunds"
            try await Self.operatorSession(h, .viewer) { viewer in
                let pending = try await viewer.get(refunds)
                #expect(pending.status == 200, "\(pending.html)")
                #expect(pending.html.contains(transactionId) && pending.html.contains("delivery: DELIVERED"))
                #expect(pending.html.contains("customer consented: yes"))
                #expect(pending.html.contains("min left"), "the time left in Apple's window")
                try await h.simulator.refund(transactionId: transactionId, reason: .other)
                let refunded = try await viewer.get(refunds)
                #expect(refunded.html.contains("Refunded (other)"), "\(refunded.html)")
                #expect(refunded.html.contains("gems: 100 refunded, 100 collected, 0 written off"))
            }
        }
    }
}

/// The console's time formats, as the tests expect them.
enum ConsoleTestFormat {
    static func time(_ timestamp: Timestamp) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: Double(timestamp.millisecondsSince1970) / 1000)) + " UTC"
    }

    static func minute(_ timestamp: Timestamp) -> String {
        String(time(timestamp).prefix(16)).replacingOccurrences(of: " ", with: "T")
    }
}

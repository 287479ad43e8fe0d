import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import StorekeeperTesting
import Testing

/// The console's notification page lists every processing attempt with its time, outcome and
/// error (escaped), from the store's attempt history.
@Suite struct ConsoleNotificationAttemptsTests {
    @Test(arguments: StoreTestBackend.available)
    func theNotificationPageListsEveryAttempt(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let entry = InboxNotification(
                id: "attempted-1", appId: ConsoleHarness.app, version: 2, body: Data(#"{"signedPayload":"x.y.z"}"#.utf8),
                receivedAt: h.clock(), notificationType: "ONE_TIME_CHARGE")
            try await h.store.write { tx in
                _ = try await tx.insertInbox(entry)
                _ = try await tx.markInboxFailed(id: entry.id, error: "database <b>busy</b>", at: h.clock().adding(milliseconds: 1_000))
                try await tx.markInboxProcessed(id: entry.id, at: h.clock().adding(milliseconds: 61_000))
            }
            let waiting = InboxNotification(
                id: "waiting-1", appId: ConsoleHarness.app, version: 2, body: Data("{}".utf8), receivedAt: h.clock())
            try await h.store.write { _ = try await $0.insertInbox(waiting) }

            let browser = try await h.signedIn("vic")
            let page = try await browser.get("/console/apps/app/notifications/attempted-1")
            #expect(page.status == .ok, "\(page.html)")
            let table = try #require(
                page.html.range(of: #"<table id="notification-attempts">"#).map { String(page.html[$0.lowerBound...]) })
            let rows = table.components(separatedBy: "<tr>").dropFirst(2)  // the header row, then one row per attempt
            #expect(rows.count == 2)
            #expect(rows.first?.contains("failed") == true && rows.first?.contains("database &lt;b&gt;busy&lt;/b&gt;") == true)
            #expect(rows.first?.contains(ConsoleFormat.time(h.clock().adding(milliseconds: 1_000))) == true)
            #expect(rows.last?.contains("processed") == true)
            #expect(page.html.contains("Attempts <span class=\"muted\">(2)</span>"))

            let none = try await browser.get("/console/apps/app/notifications/waiting-1")
            #expect(none.status == .ok && none.html.contains("Not processed yet.") && !none.html.contains("notification-attempts"))
        }
    }
}

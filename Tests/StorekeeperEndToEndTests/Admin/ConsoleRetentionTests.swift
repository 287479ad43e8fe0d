import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The console's retention page over HTTP on each backend: a viewer reads the rules, the uploads
/// with Apple's review states and the figures but gets no forms; support uploads a message (shown
/// pending, then approved once Apple's review approves it), sets the real-time URL and stores the
/// rules, each form once and audited as the operator's.
@Suite struct ConsoleRetentionTests {
    @Test(arguments: E2EBackend.all)
    func supportManagesRetentionAndTheReviewStateIsShown(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            try h.simulator.configureRetention(bundleId: DemoCatalog.bundleId, environment: .sandbox, review: .manual)
            let page = "/console/apps/\(h.e2e.stack.app.id)/retention"
            try await ConsoleAppleActionTests.operatorSession(h, .viewer) { viewer in
                let seen = try await viewer.get(page + "?environment=Sandbox")
                #expect(seen.status == 200 && seen.html.contains("id=\"retention-totals\""), "\(seen.html)")
                #expect(!seen.html.contains("id=\"retention-message-form\""), "a viewer gets no forms")
            }
            try await ConsoleAppleActionTests.operatorSession(h, .support) { support in
                let before = try await support.get(page + "?environment=Sandbox")
                let uploaded = try await support.submit(
                    page + "/messages", on: before,
                    [("environment", "Sandbox"), ("header", "Stay with us"), ("body", "Three months at half price"), ("reason", "spring")])
                #expect(uploaded.status == 200 && uploaded.html.contains("PENDING"), "\(uploaded.html)")
                let pending = try await support.get(page + "?environment=Sandbox")
                #expect(pending.html.contains("Stay with us") && pending.html.contains("PENDING"))
                let content = try await h.store.read { try await $0.retentionContent(appId: h.e2e.stack.app.id, environment: .sandbox) }
                let message = try #require(content.first?.identifier)
                try h.simulator.reviewRetention(message, state: .approved, bundleId: DemoCatalog.bundleId, environment: .sandbox)
                let approved = try await support.get(page + "?environment=Sandbox")
                #expect(approved.html.contains("APPROVED") && !approved.html.contains("PENDING"), "\(approved.html)")

                let url = h.e2e.stack.appURL + "/retention"
                let set = try await support.submit(
                    page + "/realtime-url", on: approved, [("environment", "Sandbox"), ("realtimeURL", url), ("reason", "go live")])
                #expect(set.status == 200, "\(set.html)")
                #expect(try await support.get(page + "?environment=Sandbox").html.contains(url))

                let rules =
                    #"[{"id":"everyone","conditions":[],"answer":{"kind":"message","messageIdentifier":"\#(message.uuidString.lowercased())"}}]"#
                let stored = try await support.submit(page + "/rules", on: approved, [("rules", rules), ("reason", "one message for all")])
                #expect(stored.status == 200 && stored.html.contains("revision 1"), "\(stored.html)")
                let invalid = try await support.submit(page + "/rules", on: approved, [("rules", "[{"), ("reason", "typo")])
                #expect(invalid.status == 400)
            }
            let events = try await h.store.read {
                try await $0.auditEvents(appId: h.e2e.stack.app.id, actor: nil, kind: nil, before: nil, limit: 50)
            }
            #expect(
                events.filter { $0.kind.hasPrefix("retention.") }.allSatisfy { $0.actor.rawValue.hasPrefix("operator:console-support-") })
        }
    }
}

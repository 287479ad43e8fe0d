import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import StorekeeperTesting
import Testing

/// The Retention page's file upload, deletion, bullet points and performance test over HTTP, as a
/// browser posts them: an image chosen in the file input (multipart) is checked as Apple checks
/// it, uploaded and listed with Apple's review state, then deleted; a message with bullet points
/// reaches the simulated App Store, which shows them; the performance test reports Apple's
/// result and figures. Each is the admin API's operator action, audited as the console operator.
/// The backend is not what is tested here (the admin API's tests cover both), so one runs it.
@Suite struct ConsoleRetentionContentTests {
    @Test func imagesBulletPointsAndThePerformanceTestFromTheConsole() async throws {
        try await NotificationAdminStack.run(.sqlite) { h in
            let bundle = DemoCatalog.bundleId
            try h.simulator.configureRetention(bundleId: bundle, environment: .sandbox, review: .manual, deadlineMilliseconds: 60_000)
            let page = "/console/apps/\(h.e2e.stack.app.id)/retention"
            try await ConsoleAppleActionTests.operatorSession(h, .support) { support in
                let start = try await support.get(page + "?environment=Sandbox")
                #expect(start.html.contains("enctype=\"multipart/form-data\"") && start.html.contains("type=\"file\""))
                let fields = [("environment", "Sandbox"), ("imageSize", "BULLET_POINT"), ("reason", "bullet icon")]
                let transparent = try await support.upload(
                    page + "/images", on: start, fields, file: "png", filename: "icon.png",
                    bytes: TestPNG.make(width: 1024, height: 1024, transparency: .alphaChannel))
                #expect(transparent.status == 422 && transparent.html.contains("transparency"), "\(transparent.html)")
                let wrongSize = try await support.upload(
                    page + "/images", on: start, fields, file: "png", filename: "banner.png", bytes: TestPNG.make(width: 3840, height: 400))
                #expect(wrongSize.status == 422 && wrongSize.html.contains("1024 × 1024"), "\(wrongSize.html)")
                let uploaded = try await support.upload(
                    page + "/images", on: start, fields, file: "png", filename: "icon.png", bytes: TestPNG.make(width: 1024, height: 1024))
                #expect(
                    uploaded.status == 200 && uploaded.html.contains("PENDING") && uploaded.html.contains("icon.png"), "\(uploaded.html)")
                let retried = try await support.upload(
                    page + "/images", on: start, fields, file: "png", filename: "icon.png", bytes: TestPNG.make(width: 1024, height: 1024))
                #expect(retried.status == 200, "the same form posted again is the same upload (its key), not a second one")
                let images = try await h.store.read { try await $0.retentionContent(appId: h.e2e.stack.app.id, environment: .sandbox) }
                let icon = try #require(images.first { $0.kind == .image }?.identifier)
                #expect(images.count == 1)
                let listed = try await support.get(page + "?environment=Sandbox")
                #expect(listed.html.contains(icon.uuidString.lowercased()) && listed.html.contains("PENDING"))
                try h.simulator.reviewRetention(icon, state: .approved, bundleId: bundle, environment: .sandbox)
                let approved = try await support.get(page + "?environment=Sandbox")
                #expect(approved.html.contains("APPROVED"), "\(approved.html)")

                let iconId = icon.uuidString.lowercased()
                let message = try await support.submit(
                    page + "/messages", on: approved,
                    [
                        ("environment", "Sandbox"), ("header", "Before you go"), ("body", "Premium includes:"),
                        ("bulletText", "Offline downloads"), ("bulletImage", iconId), ("bulletAltText", ""),
                        ("bulletText", "Family Sharing"), ("bulletImage", iconId), ("bulletAltText", "Two people"),
                        ("bulletText", ""), ("bulletImage", ""), ("bulletAltText", ""), ("reason", "bullets"),
                    ])
                #expect(message.status == 200 && message.html.contains("Offline downloads") && message.html.contains("Family Sharing"))
                let tooMany = try await support.submit(
                    page + "/messages", on: approved,
                    [("environment", "Sandbox"), ("header", "H"), ("body", "B"), ("reason", "six")]
                        + (0..<6).flatMap { [("bulletText", "p\($0)"), ("bulletImage", iconId), ("bulletAltText", "")] })
                #expect(tooMany.status == 422 && tooMany.html.contains("at most 5 bullet points"), "\(tooMany.html)")

                let content = try await h.store.read { try await $0.retentionContent(appId: h.e2e.stack.app.id, environment: .sandbox) }
                let messageId = try #require(content.first { $0.kind == .message }?.identifier)
                try h.simulator.reviewRetention(messageId, state: .approved, bundleId: bundle, environment: .sandbox)
                let withMessage = try await support.get(page + "?environment=Sandbox")
                let url = h.e2e.stack.appURL + "/retention"
                _ = try await support.submit(
                    page + "/realtime-url", on: withMessage, [("environment", "Sandbox"), ("realtimeURL", url), ("reason", "go live")])
                let rules =
                    #"[{"id":"all","conditions":[],"answer":{"kind":"message","messageIdentifier":"\#(messageId.uuidString.lowercased())"}}]"#
                _ = try await support.submit(page + "/rules", on: withMessage, [("rules", rules), ("reason", "bullets for all")])
                let kim = try await h.buy(h.e2e.customer("kim"), account: try h.account("kim"), DemoCatalog.monthly)
                let original = try #require(kim.transaction.originalTransactionId)
                let shown = try await h.simulator.openSubscriptionPage(originalTransactionId: original)
                #expect(shown.shown == .message && shown.bulletPoints == ["Offline downloads", "Family Sharing"], "\(shown)")

                let tested = try await support.submit(
                    page + "/performance-test", on: withMessage, [("originalTransactionId", original), ("reason", "before production")])
                #expect(tested.status == 200 && tested.html.contains("PASS") && tested.html.contains("100%"), "\(tested.html)")

                let inUse = try await support.submit(
                    page + "/delete", on: withMessage, [("environment", "Sandbox"), ("identifier", iconId), ("reason", "old icon")])
                #expect(inUse.status != 200, "Apple refuses to delete an image a message shows")
                let again = try await support.get(page + "?environment=Sandbox")
                let deletedMessage = try await support.submit(
                    page + "/delete", on: again,
                    [("environment", "Sandbox"), ("identifier", messageId.uuidString.lowercased()), ("reason", "retire")])
                #expect(deletedMessage.status == 200, "\(deletedMessage.html)")
                let afterMessage = try await support.get(page + "?environment=Sandbox")
                let deletedImage = try await support.submit(
                    page + "/delete", on: afterMessage, [("environment", "Sandbox"), ("identifier", iconId), ("reason", "old icon")])
                #expect(deletedImage.status == 200, "\(deletedImage.html)")
                let empty = try await support.get(page + "?environment=Sandbox")
                #expect(empty.html.contains("Nothing uploaded") && !empty.html.contains(iconId))
            }
            let kinds = try await h.store.read {
                try await $0.auditEvents(appId: h.e2e.stack.app.id, actor: nil, kind: nil, before: nil, limit: 100)
            }.filter { $0.kind.hasPrefix("retention.") && $0.actor.rawValue.hasPrefix("operator:console-support-") }.map(\.kind)
            for kind in [
                "retention.imageUploaded", "retention.messageUploaded", "retention.performanceTested", "retention.messageDeleted",
                "retention.imageDeleted",
            ] {
                #expect(kinds.contains(kind), "\(kind) audited as the console's operator")
            }
            #expect(kinds.filter { $0 == "retention.imageUploaded" }.count == 1)
        }
    }
}

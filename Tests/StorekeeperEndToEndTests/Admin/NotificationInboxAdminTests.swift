import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The notifications inbox as operators work it: filters, one entry decoded, replay of a stored
/// body applied exactly once, and a rejected body that stays rejected however often it is replayed.
@Suite struct NotificationInboxAdminTests {
    /// A purchase's notification whose processing failed sits in the inbox as `failed`; support
    /// finds it by filter, reads it decoded, and replays it: applied once. Replaying it again
    /// (another key) is a duplicate, as Apple's re-delivery would be.
    @Test(arguments: E2EBackend.all)
    func aFailedNotificationReplayedFromTheInboxIsAppliedOnce(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let mia = h.e2e.customer("mia")
            let account = try h.account("mia")
            try await h.buy(mia, account: account, DemoCatalog.removeAds)
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            try await h.buy(mia, account: account, DemoCatalog.gems)
            let record = try #require(h.simulator.notifications(bundleId: DemoCatalog.bundleId).last)
            #expect(record.dropped)
            // The inbox as a failed attempt leaves it: the body kept, nothing of it applied.
            let body = try JSONEncoder().encode(ResponseBodyV2(signedPayload: record.signedPayload))
            let failed = InboxNotification(
                id: record.notificationUUID, appId: h.e2e.stack.app.id, version: 2, body: body, receivedAt: h.now, status: .failed,
                attempts: 1, lastError: "connectionFailure: the database went away", notificationType: record.notificationType.rawValue,
                signedDate: record.signedDate, environment: "Sandbox")
            #expect(try await h.store.write { try await $0.insertInbox(failed) })
            #expect(try await h.view(mia).balance("gems") == 0)

            let listed = try await h.viewer.get("/notifications?status=failed")
            #expect(listed.status == 200, "\(listed.text)")
            let entries = listed.json["notifications"]?.arrayValue ?? []
            #expect(entries.map { $0["id"]?.stringValue } == [record.notificationUUID])
            #expect(entries.first?["lastError"]?.stringValue == failed.lastError)
            let all = try await h.viewer.get("/notifications?environment=Sandbox&limit=1")
            #expect(all.json["notifications"]?.arrayValue?.count == 1)
            #expect(all.json["next"]?.stringValue != nil, "two entries, pages of one")
            let typed = try await h.viewer.get("/notifications?type=ONE_TIME_CHARGE")
            #expect((typed.json["notifications"]?.arrayValue ?? []).count == 2)
            let bad = try await h.viewer.get("/notifications?status=lost")
            #expect(bad.status == 400)

            let shown = try await h.viewer.get("/notifications/\(record.notificationUUID)?raw=true")
            #expect(shown.status == 200, "\(shown.text)")
            #expect(shown.json["verified"]?.boolValue == true)
            #expect(shown.json["payload"]?["notificationType"]?.stringValue == "ONE_TIME_CHARGE")
            #expect(shown.json["transaction"]?["productId"]?.stringValue == DemoCatalog.gems)
            #expect(shown.json["rawBody"]?.stringValue == String(decoding: body, as: UTF8.self))

            let refused = try await h.viewer.post("/notifications/\(record.notificationUUID)/replay", NotificationAdminStack.action())
            #expect(refused.status == 403, "a viewer cannot replay")
            let firstBody = NotificationAdminStack.action(reason: "database outage on the 3rd", key: "replay-\(h.e2e.tag)")
            let replay = try await h.support.post("/notifications/\(record.notificationUUID)/replay", firstBody)
            #expect(replay.status == 200, "\(replay.text)")
            #expect(replay.json["result"]?["outcome"]?.stringValue == "processed")
            #expect(replay.json["result"]?["statusBefore"]?.stringValue == "failed")
            #expect(replay.json["result"]?["statusAfter"]?.stringValue == "processed")
            #expect(try await h.view(mia).balance("gems") == 100)

            let journal = try await h.store.read { try await $0.journal(customerId: try E2EStack.id(mia), limit: 100) }
            let again = try await h.support.post("/notifications/\(record.notificationUUID)/replay", NotificationAdminStack.action())
            #expect(again.json["result"]?["outcome"]?.stringValue == "duplicate", "\(again.text)")
            let sameKey = try await h.support.post("/notifications/\(record.notificationUUID)/replay", firstBody)
            #expect(sameKey.json["replayed"]?.boolValue == true)
            #expect(sameKey.json["result"]?["outcome"]?.stringValue == "processed")
            #expect(try await h.view(mia).balance("gems") == 100)
            #expect(try await h.store.read { try await $0.journal(customerId: try E2EStack.id(mia), limit: 100) } == journal)

            // A whole filtered range: everything is processed already, so nothing happens again.
            let range = try await h.support.post("/notifications/replay", NotificationAdminStack.action(["status": "processed"]))
            #expect(range.status == 200, "\(range.text)")
            #expect(range.json["result"]?["attempted"]?.intValue == 2)
            #expect(range.json["result"]?["duplicate"]?.intValue == 2)
            #expect(range.json["result"]?["next"] == nil)
            #expect(try await h.view(mia).balance("gems") == 100)

            let detail = try await h.viewer.get("/notifications/\(record.notificationUUID)")
            let actions = detail.json["actions"]?.arrayValue ?? []
            #expect(actions.map { $0["details"]?["outcome"]?.stringValue } == ["processed", "duplicate", "duplicate"])
            #expect(actions.first?["reason"]?.stringValue == "database outage on the 3rd")
            #expect(actions.first?["operator"]?.stringValue?.hasPrefix("support-") == true)
        }
    }

    /// A body whose signature fails is recorded as rejected; replaying it verifies it again and
    /// it stays rejected (and changes nothing); its second delivery counts as a duplicate.
    @Test(arguments: E2EBackend.all)
    func aRejectedBodyStaysRejectedWhenReplayed(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let noah = h.e2e.customer("noah")
            let account = try h.account("noah")
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            try await h.buy(noah, account: account, DemoCatalog.gems)
            let record = try #require(h.simulator.notifications(bundleId: DemoCatalog.bundleId).last)
            let tampered = try JSONEncoder().encode(ResponseBodyV2(signedPayload: Self.forged(record.signedPayload)))
            let webhook = h.e2e.client(credential: "")
            let delivered = try await webhook.post("/notifications", raw: tampered)
            #expect(delivered.json["status"]?.stringValue == "rejected", "\(delivered.text)")
            _ = try await webhook.post("/notifications", raw: tampered)

            let rejected = try await h.viewer.get("/notifications?status=rejected")
            let entries = rejected.json["notifications"]?.arrayValue ?? []
            #expect(entries.count == 1, "\(rejected.text)")
            let id = try #require(entries.first?["id"]?.stringValue)
            #expect(id.hasPrefix("sha256:"))
            #expect(entries.first?["duplicates"]?.intValue == 1)
            let duplicates = try await h.viewer.get("/notifications?status=duplicate")
            #expect(duplicates.json["notifications"]?.arrayValue?.map { $0["id"]?.stringValue } == [id])

            let shown = try await h.viewer.get("/notifications/\(id)")
            #expect(shown.json["verified"]?.boolValue == false)
            #expect(shown.json["verificationError"]?.stringValue != nil)
            #expect(shown.json["payload"]?["notificationType"]?.stringValue == "ONE_TIME_CHARGE", "what it claims, unverified")

            for _ in 0..<2 {
                let replay = try await h.support.post("/notifications/\(id)/replay", NotificationAdminStack.action())
                #expect(replay.status == 200, "\(replay.text)")
                #expect(replay.json["result"]?["outcome"]?.stringValue == "rejected")
                #expect(replay.json["result"]?["statusAfter"]?.stringValue == "rejected")
            }
            #expect(try await h.inbox(id)?.status == .rejected)
            #expect(try await h.view(noah).balance("gems") == 0, "a forged body never credits anything")
            let unknown = try await h.viewer.get("/notifications/no-such-id")
            #expect(unknown.status == 404)
        }
    }

    /// A V1 body refused for its shared secret stays rejected when replayed: V1 bodies carry no
    /// signature, so the secret checked on arrival is their only authentication and a replay
    /// never skips it.
    @Test(arguments: E2EBackend.all)
    func aV1BodyRefusedForItsSecretStaysRejectedWhenReplayed(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            var app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)
            app.notificationVersion = .v1
            app.sharedSecret = "not-the-secret-\(h.e2e.tag)"
            try h.simulator.configureApp(app)
            let zoe = h.e2e.customer("zoe")
            try await h.buy(zoe, account: try h.account("zoe"), DemoCatalog.monthly)
            let rejected = try await h.viewer.get("/notifications?status=rejected")
            let entries = rejected.json["notifications"]?.arrayValue ?? []
            #expect(entries.count == 1, "\(rejected.text)")
            let id = try #require(entries.first?["id"]?.stringValue)
            #expect(entries.first?["version"]?.intValue == 1)
            let shown = try await h.viewer.get("/notifications/\(id)?raw=true")
            #expect(shown.json["v1"]?["password"]?.stringValue == "<redacted>")
            #expect(shown.json["rawBody"]?.stringValue?.contains(app.sharedSecret) == false, "the secret never leaves the server")

            let replay = try await h.support.post("/notifications/\(id)/replay", NotificationAdminStack.action())
            #expect(replay.status == 200, "\(replay.text)")
            #expect(replay.json["result"]?["outcome"]?.stringValue == "rejected")
            #expect(replay.json["result"]?["statusAfter"]?.stringValue == "rejected")
            #expect(try await h.inbox(id)?.status == .rejected)
            #expect(!(try await h.view(zoe).has("premium")))
        }
    }

    /// `signedPayload` with one character of its signature changed.
    static func forged(_ jws: String) -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var signature = Array(parts[2])
        let middle = signature.count / 2
        signature[middle] = signature[middle] == "A" ? "B" : "A"
        parts[2] = String(signature)
        return parts.joined(separator: ".")
    }
}

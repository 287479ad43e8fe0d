import AppStoreModels
import AppStoreSimulator
import Crypto
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Version 1 notifications, from an app the simulator is told to notify with V1: authenticated by
/// the shared secret, never trusted as they come (their receipt is unsigned): Storekeeper asks
/// Apple's API for the subscription and records what Apple signed.
@Suite struct NotificationV1Tests {
    /// INITIAL_BUY, DID_RENEW, the same-duration crossgrade of `seeds/003_*` (CANCEL with
    /// `auto_renew_status` true, then INTERACTIVE_RENEWAL), and a refund's CANCEL.
    @Test(arguments: NotificationBackend.all)
    func subscriptionLifecycleOverV1(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            var app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)
            app.notificationVersion = .v1
            try h.simulator.configureApp(app)
            let account = try h.account("apple")
            let rosa = h.customer("rosa")

            let bought = try await h.buy(rosa, account: account, DemoCatalog.monthly, submit: false)
            try await Self.expectV1Processed(h, ["INITIAL_BUY"])
            let original = try #require(bought.transaction.originalTransactionId)
            var view = try await h.view(rosa)
            #expect(view.has("premium"))
            #expect(view.entitlement("premium")?.expiresAt == bought.transaction.expiresDate)
            let stored = try await h.store.read { try await $0.transactions(environment: .sandbox, originalTransactionId: original) }
            #expect(stored.count == 1)
            #expect(stored.allSatisfy { $0.transaction.source == .serverAPI }, "recorded from what Apple's API signed")

            try await h.simulator.advance(by: .oneMonth)
            try await Self.expectV1Processed(h, ["DID_RENEW"])
            let renewed = try #require(h.simulator.subscription(originalTransactionId: original)?.expiresDate)
            view = try await h.view(rosa)
            #expect(view.entitlement("premium")?.expiresAt == renewed)
            #expect(view.subscriptions.first?.phase == "active")

            try await h.simulator.advance(byMilliseconds: 3 * Span.day)
            let crossgrade = try await h.buy(rosa, account: account, DemoCatalog.monthlyB, submit: false)
            try await Self.expectV1Processed(h, ["CANCEL", "INTERACTIVE_RENEWAL"])
            let bExpiry = try #require(crossgrade.transaction.expiresDate)
            view = try await h.view(rosa)
            #expect(view.entitlement("premium")?.expiresAt == bExpiry, "one period after the crossgrade")
            #expect(view.entitlement("premium")?.productId == DemoCatalog.monthlyB)

            try await h.simulator.advance(byMilliseconds: Span.day)
            try await h.simulator.refund(transactionId: try #require(crossgrade.transaction.transactionId), reason: .appIssue)
            try await Self.expectV1Processed(h, ["CANCEL"])
            view = try await h.view(rosa)
            #expect(!view.has("premium"))
            #expect(view.subscriptions.first?.phase == "revoked")
            #expect(
                view.entitlement("premium")?.expiresAt
                    == h.simulator.transaction(id: crossgrade.transaction.transactionId ?? "")?.payload.revocationDate)
        }
    }

    /// A V1 REFUND of a consumable: the refund is looked up at Apple (Get Transaction Info) and the
    /// currency clawed back from what Apple signed.
    @Test(arguments: NotificationBackend.all)
    func consumableRefundOverV1IsConfirmedWithApple(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            var app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)
            app.notificationVersion = .v1
            try h.simulator.configureApp(app)
            let account = try h.account("apple")
            let uma = h.customer("uma")
            let gems = try await h.buy(uma, account: account, DemoCatalog.gems)
            #expect(
                h.simulator.notifications(bundleId: DemoCatalog.bundleId).last?.v1Bodies?.isEmpty ?? true,
                "V1 has no ONE_TIME_CHARGE")
            let spent = try await h.client.post(
                "/customers/\(uma.rawValue)/spend", ["currency": "gems", "amount": 30, "idempotencyKey": "hat"])
            #expect(spent.status == 200)
            let transactionId = try #require(gems.transaction.transactionId)
            try await h.simulator.advance(byMilliseconds: Span.day)
            try await h.simulator.refund(transactionId: transactionId, reason: .other)
            try await Self.expectV1Processed(h, ["REFUND"])
            #expect(try await h.view(uma).balances["gems"] == -30)
            let stored = try #require(
                try await h.store.read { try await $0.transaction(environment: .sandbox, transactionId: transactionId) })
            #expect(stored.transaction.source == .serverAPI, "the refund was confirmed with Apple's API \(stored)")
            #expect(stored.transaction.revocationDate == h.simulator.transaction(id: transactionId)?.payload.revocationDate)
            #expect(try await h.journalEntry("clawback:Sandbox:\(transactionId):gems") != nil)
        }
    }

    /// A V1 body with the wrong shared secret is refused with 401 and recorded; nothing changes.
    @Test(arguments: NotificationBackend.all)
    func wrongSharedSecretIsRefusedAndRecorded(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            var app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)
            app.notificationVersion = .v1
            try h.simulator.configureApp(app)
            let account = try h.account("apple")
            let sam = h.customer("sam")
            let bought = try await h.buy(sam, account: account, DemoCatalog.monthly, submit: false)
            try await Self.expectV1Processed(h, ["INITIAL_BUY"])

            app.sharedSecret = "not-the-secret-\(h.tag)"
            try h.simulator.configureApp(app)
            try await h.simulator.setAutoRenew(
                originalTransactionId: try #require(bought.transaction.originalTransactionId), enabled: false)
            let record = try h.lastSent()
            #expect(record.sendAttempts.first?.sendAttemptResult == .unsuccessfulHTTPResponseCode)
            let body = try #require(record.v1Bodies?.first)
            let posted = try await h.client.post("/notifications", raw: Data(body.utf8), authenticated: false)
            #expect(posted.status == 401)
            let entry = try #require(try await h.inbox(Self.v1InboxId(body)))
            #expect(entry.status == .rejected)
            #expect(entry.version == 1)
            #expect(entry.notificationType == "DID_CHANGE_RENEWAL_STATUS")
            #expect(entry.lastError?.contains("shared secret") == true)
            #expect(!(entry.lastError ?? "").contains(app.sharedSecret), "the secret never appears in what is recorded")
            let view = try await h.view(sam)
            #expect(view.has("premium"))
            #expect(try await h.audit(sam).contains { $0.kind == "subscription.autoRenewChanged" } == false)
            let metrics = try await h.metrics()
            #expect(metrics.contains(#"outcome="unauthorized""#))
        }
    }

    /// Expects the V1 bodies of the last notification to be delivered and processed, of `types`.
    static func expectV1Processed(
        _ h: NotificationHarness, _ types: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let record = try h.lastSent()
        let bodies = try #require(record.v1Bodies, sourceLocation: sourceLocation)
        #expect(record.sendAttempts.last?.sendAttemptResult == .success, sourceLocation: sourceLocation)
        var seen: [String] = []
        for body in bodies {
            let entry = try #require(try await h.inbox(v1InboxId(body)), sourceLocation: sourceLocation)
            #expect(entry.status == .processed, "\(entry.lastError ?? "")", sourceLocation: sourceLocation)
            #expect(entry.version == 1, sourceLocation: sourceLocation)
            seen.append(entry.notificationType ?? "")
        }
        #expect(seen == types, sourceLocation: sourceLocation)
    }

    /// V1 bodies are stored under `v1:sha256:<hex of the body>`.
    static func v1InboxId(_ body: String) -> String {
        "v1:sha256:" + SHA256.hash(data: Data(body.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

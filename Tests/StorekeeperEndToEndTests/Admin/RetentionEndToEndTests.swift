import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperStore
import Testing

/// Retention Messaging end to end, the simulator playing Apple: operators upload messages
/// (pending until Apple's review approves them), set the default message, the real-time URL and
/// the rules through the admin API; simulated customers open their subscription page and see
/// the answer their rule says — a trial customer a message, a paying customer in their first
/// month the promotional offer (signed with the app's offer key, which the App Store checks), a
/// long-tenure customer of the higher tier a switch to the cheaper plan — and what they do next
/// is attributed to the rule. A late answer shows the default; a replayed or forged request is
/// refused.
@Suite struct RetentionEndToEndTests {
    @Test(arguments: E2EBackend.all)
    func eachCustomerGetsTheirRulesAnswerAndTheOutcomeIsAttributed(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let bundle = DemoCatalog.bundleId
            // Apple's deadline is 700 ms; a loaded test machine must not turn an answer into a late
            // one, so the simulated App Store waits a minute here, and lateness is injected.
            try h.simulator.configureRetention(bundleId: bundle, environment: .sandbox, review: .manual, deadlineMilliseconds: 60_000)

            // Messages are uploaded, pending, then approved by Apple's review.
            func upload(_ header: String) async throws -> String {
                let response = try await h.support.post(
                    "/retention/messages",
                    NotificationAdminStack.action(["environment": "Sandbox", "header": header, "body": "Before you go…"]))
                #expect(response.status == 200, "\(response.text)")
                #expect(response.json["result"]?["state"]?.stringValue == "PENDING")
                let identifier = response.json["result"]?["identifier"]?.stringValue ?? ""
                #expect(UUID(uuidString: identifier) != nil, "\(response.text)")
                return identifier
            }
            let trialMessage = try await upload("Your trial has more")
            let offerMessage = try await upload("Half price for 3 months")
            let switchMessage = try await upload("Keep it for less")
            let defaultMessage = try await upload("We will miss you")
            var view = try await h.viewer.get("/retention?environment=Sandbox")
            #expect(view.json["content"]?.arrayValue?.compactMap { $0["state"]?.stringValue } == Array(repeating: "PENDING", count: 4))
            for id in [trialMessage, offerMessage, switchMessage, defaultMessage] {
                try h.simulator.reviewRetention(
                    try #require(UUID(uuidString: id)), state: .approved, bundleId: bundle, environment: .sandbox)
            }
            view = try await h.viewer.get("/retention?environment=Sandbox")
            #expect(view.json["content"]?.arrayValue?.compactMap { $0["state"]?.stringValue } == Array(repeating: "APPROVED", count: 4))

            for product in [DemoCatalog.monthly, DemoCatalog.proMonthly] {
                let set = try await h.support.post(
                    "/retention/defaults",
                    NotificationAdminStack.action([
                        "environment": "Sandbox", "productId": product, "locale": "en-US", "messageIdentifier": defaultMessage,
                    ]))
                #expect(set.status == 200, "\(set.text)")
            }
            let url = h.e2e.stack.appURL + "/retention"
            let configured = try await h.support.post(
                "/retention/realtime-url", NotificationAdminStack.action(["environment": "Sandbox", "realtimeURL": url]))
            #expect(configured.status == 200, "\(configured.text)")

            let rules: [[String: Any]] = [
                [
                    "id": "trial", "conditions": [["kind": "inFreeTrial"]],
                    "answer": ["kind": "message", "messageIdentifier": trialMessage],
                ],
                [
                    "id": "first-month-offer",
                    "conditions": [
                        ["kind": "paidMonthsAtMost", "months": 1], ["kind": "eligibleForOffer", "offerId": DemoCatalog.promotionalOfferId],
                        ["kind": "productIn", "productIds": [DemoCatalog.monthly]],
                    ],
                    "answer": ["kind": "promotionalOffer", "messageIdentifier": offerMessage, "offerId": DemoCatalog.promotionalOfferId],
                ],
                [
                    "id": "loyal-downgrade",
                    "conditions": [["kind": "tenureMonthsAtLeast", "months": 3, "productIds": [DemoCatalog.proMonthly]]],
                    "answer": ["kind": "alternateProduct", "messageIdentifier": switchMessage, "productId": DemoCatalog.basicMonthly],
                ],
            ]
            let refused = try await h.viewer.put("/retention/rules", NotificationAdminStack.action(["rules": rules]))
            #expect(refused.status == 403, "a viewer cannot change the rules")
            let invalid = try await h.support.put(
                "/retention/rules",
                NotificationAdminStack.action(["rules": [["id": "x", "conditions": [], "answer": ["kind": "alternateProduct"]]]]))
            #expect(invalid.status == 422 && invalid.errorCode == "invalidRetentionRule", "\(invalid.text)")
            let stored = try await h.support.put(
                "/retention/rules", NotificationAdminStack.action(["rules": rules], reason: "spring retention"))
            #expect(stored.status == 200, "\(stored.text)")
            #expect(stored.json["result"]?["revision"]?.intValue == 1)

            // A long-tenure customer of the higher tier (three renewals), then a paying customer and
            // one in a free trial.
            let lena = h.e2e.customer("lena")
            let pro = try await h.buy(lena, account: try h.account("lena"), DemoCatalog.proMonthly)
            try await h.simulator.advance(by: .threeMonths)
            let paul = h.e2e.customer("paul")
            let monthly = try await h.buy(paul, account: try h.account("paul"), DemoCatalog.monthly)
            let tina = h.e2e.customer("tina")
            let order = try await h.e2e.createOrder(tina, product: DemoCatalog.monthly)
            let trial = try await h.simulator.purchase(
                PurchaseRequest(
                    accountId: try h.account("tina"), bundleId: bundle, productId: DemoCatalog.monthly,
                    appAccountToken: order.appAccountToken, offer: PurchaseOffer(kind: .introductory)))

            let tinaPage = try await h.simulator.openSubscriptionPage(
                originalTransactionId: try #require(trial.transaction.originalTransactionId))
            #expect(tinaPage.shown == .message && tinaPage.messageIdentifier?.uuidString.lowercased() == trialMessage, "\(tinaPage)")
            let paulOriginal = try #require(monthly.transaction.originalTransactionId)
            let paulPage = try await h.simulator.openSubscriptionPage(originalTransactionId: paulOriginal)
            // The App Store showed the offer only after checking its signature with the app's offer key.
            #expect(paulPage.shown == .promotionalOffer && paulPage.offerIdentifier == DemoCatalog.promotionalOfferId, "\(paulPage)")
            #expect(paulPage.promotionalOffer?.promotionalOfferSignatureV2 != nil)
            let lenaOriginal = try #require(pro.transaction.originalTransactionId)
            let lenaPage = try await h.simulator.openSubscriptionPage(originalTransactionId: lenaOriginal)
            #expect(lenaPage.shown == .alternateProduct && lenaPage.alternateProductId == DemoCatalog.basicMonthly, "\(lenaPage)")

            // What they did next: Paul redeems the offer, Lena switches plans, Tina turns auto-renew off.
            let redeemed = try await h.simulator.acceptRetentionOffer(paulPage.requestIdentifier)
            #expect(redeemed.notificationType == .offerRedeemed)
            _ = try await h.simulator.changeRenewalPreference(originalTransactionId: lenaOriginal, productId: DemoCatalog.basicMonthly)
            try await h.simulator.setAutoRenew(originalTransactionId: try #require(trial.transaction.originalTransactionId), enabled: false)
            let outcomes = try await h.store.read { tx in
                [
                    try await tx.retentionRequest(paulPage.requestIdentifier), try await tx.retentionRequest(lenaPage.requestIdentifier),
                    try await tx.retentionRequest(tinaPage.requestIdentifier),
                ]
            }
            #expect(outcomes.map { $0?.ruleId } == ["first-month-offer", "loyal-downgrade", "trial"])
            #expect(outcomes.map { $0?.outcome } == [.redeemed, .switched, .cancelled])
            let paulEvents = try await h.e2e.audit(paul).map(\.kind)
            #expect(paulEvents.contains("retention.answered") && paulEvents.contains("retention.outcome"))

            // A late answer (a slow network adds two minutes): the App Store shows the default message.
            let late = try await h.simulator.openSubscriptionPage(originalTransactionId: paulOriginal, networkDelayMilliseconds: 120_000)
            #expect(late.shown == .defaultMessage && late.fallback == .late, "\(late)")
            #expect(late.messageIdentifier?.uuidString.lowercased() == defaultMessage)

            // A captured request sent again, and one whose payload was altered, are refused.
            let replay = try await h.simulator.replayRetentionRequest(tinaPage.requestIdentifier)
            #expect(replay.exchange?.status == 409)
            let app = h.e2e.appClient()
            let replayed = try await app.post("/retention", raw: Data(replay.body))
            #expect(replayed.status == 409 && replayed.errorCode == "retentionRequestReplayed", "\(replayed.text)")
            let forged = try await app.post("/retention", raw: try Self.forge(replay.body, originalTransactionId: paulOriginal))
            #expect(forged.status == 422 && forged.errorCode == "retentionRequestUnverified", "\(forged.text)")

            // The overview: four answered requests (the late one was in time at the server; the
            // replayed and forged ones were refused, not answered).
            view = try await h.viewer.get("/retention?environment=Sandbox")
            let figures = try #require(view.json["figures"])
            #expect(figures["requests"]?.intValue == 4)
            #expect(figures["deadlineMisses"]?.intValue == 0)
            let byRule = Dictionary(
                uniqueKeysWithValues: (figures["rules"]?.arrayValue ?? []).map { ($0["ruleId"]?.stringValue ?? "-", $0) })
            #expect(byRule["first-month-offer"]?["redeemed"]?.intValue == 1)
            #expect(byRule["loyal-downgrade"]?["switched"]?.intValue == 1)
            #expect(byRule["trial"]?["cancelled"]?.intValue == 1)

            // Apple's performance test of the sandbox URL: every request answered, in time (the
            // generous deadline above; the speed itself is the benchmark's, docs/BENCHMARKS.md).
            let tested = try await h.support.post(
                "/retention/performance-test", NotificationAdminStack.action(["originalTransactionId": paulOriginal]))
            #expect(tested.status == 200, "\(tested.text)")
            #expect(tested.json["result"]?["performanceTest"]?["result"]?.stringValue == "PASS", "\(tested.text)")
            let audited = try await h.store.read {
                try await $0.auditEvents(appId: h.e2e.stack.app.id, actor: nil, kind: nil, before: nil, limit: 200)
            }.map(\.kind)
            for kind in ["retention.messageUploaded", "retention.defaultSet", "retention.realtimeURLSet", "retention.rulesChanged"] {
                #expect(audited.contains(kind), "\(kind) audited")
            }
        }
    }

    /// The signed request with its payload changed (another subscription) and Apple's signature kept.
    static func forge(_ body: [UInt8], originalTransactionId: String) throws -> Data {
        let request = try JSONDecoder().decode(RealtimeRequestBody.self, from: Data(body))
        var parts = request.signedPayload.split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let decoded = try #require(Data(base64Encoded: base64))
        var payload = try #require(try JSONSerialization.jsonObject(with: decoded) as? [String: Any])
        payload["originalTransactionId"] = originalTransactionId
        parts[1] = try JSONSerialization.data(withJSONObject: payload).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return try JSONEncoder().encode(RealtimeRequestBody(signedPayload: parts.joined(separator: ".")))
    }
}

extension CheckedClient {
    fileprivate func put(_ path: String, _ body: [String: Any]) async throws -> APIResponse {
        try await send(.PUT, path, body: try JSONSerialization.data(withJSONObject: body))
    }
}

extension E2EStack {
    /// The app's routes without a credential, as Apple calls them.
    fileprivate func appClient() -> CheckedClient {
        let prefix = "/v1/apps/" + stack.app.id
        return CheckedClient(transport: root.appending(prefix), credential: "", prefix: prefix, contract: contract)
    }
}

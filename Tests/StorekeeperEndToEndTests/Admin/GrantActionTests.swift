import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import Testing

/// Operators' grants against the simulator: a grant shows in the customer's entitlements with
/// its operator as source, combines with Apple's, expires on its own, and can be revoked early.
@Suite struct GrantActionTests {
    @Test(arguments: E2EBackend.all)
    func aGrantShowsInTheCustomersEntitlementsAndExpires(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let support = try await e2e.createOperator(.support)
            let client = e2e.adminClient(credential: support.key)
            let dana = e2e.customer("dana")
            _ = try await e2e.createOrder(dana, product: DemoCatalog.gems)  // the customer exists
            let granted = try await client.post(
                "/customers/\(dana)/grants",
                ["entitlement": "premium", "duration": "PT2H", "reason": "outage on the 3rd", "idempotencyKey": "g-\(e2e.tag)"])
            #expect(granted.status == 200, "\(granted.text)")
            let grant = try #require(granted.json["result"]?["grant"])
            #expect(grant["grantedBy"]?.stringValue == support.name)
            #expect(grant["isActive"] == .bool(true))
            let start = try #require(grant["startsAt"]?.intValue)
            #expect(grant["expiresAt"]?.intValue == start + 2 * 3_600_000)

            var view = try await e2e.view(dana)
            let premium = try #require(view.entitlement("premium"))
            #expect(premium.isActive)
            #expect(premium.source == "operator:\(support.name)")
            #expect(premium.expiresAt == start + 2 * 3_600_000)
            let events = try await e2e.audit(dana)
            let created = try #require(events.first { $0.kind == "grant.created" })
            #expect(created.actor.operatorName == support.name)
            #expect(created.reason == "outage on the 3rd")
            #expect(events.contains { $0.kind == "entitlement.granted" && $0.details["source"] == "operator:\(support.name)" })

            // Support's record names the operator and the reason, not a transaction.
            let record = try await client.get("/customers/\(dana)")
            let shown = try #require(record.json["entitlements"]?.arrayValue?.first { $0["id"]?.stringValue == "premium" })
            #expect(shown["source"]?["kind"]?.stringValue == "operatorGrant")
            #expect(shown["source"]?["operatorName"]?.stringValue == support.name)
            #expect(shown["source"]?["reason"]?.stringValue == "outage on the 3rd")
            #expect(shown["source"]?["grantId"]?.stringValue == grant["id"]?.stringValue)

            // Replayed, not granted twice.
            let replay = try await client.post(
                "/customers/\(dana)/grants",
                ["entitlement": "premium", "duration": "PT2H", "reason": "outage on the 3rd", "idempotencyKey": "g-\(e2e.tag)"])
            #expect(replay.json["replayed"] == .bool(true))
            #expect(try await e2e.store.read { try await $0.operatorGrants(customerId: try E2EStack.id(dana)) }.count == 1)

            // An Apple purchase combines with it; when the grant ends, Apple's stays.
            try e2e.appleAccount("dana-apple")
            let bought = try await e2e.buy(DemoCatalog.removeAds, account: "dana-apple")
            #expect((try await e2e.submit(dana, signedTransaction: bought.signedTransaction)).status == 200)
            view = try await e2e.view(dana)
            #expect(view.has("premium") && view.has("no_ads"))
            try await e2e.simulator.advance(byMilliseconds: 3 * 3_600_000)
            view = try await e2e.view(dana)
            #expect(!view.has("premium"), "the grant expired by itself")
            #expect(view.entitlement("premium")?.source == "operator:\(support.name)")
            #expect(view.has("no_ads"))
        }
    }

    @Test(arguments: E2EBackend.all)
    func aGrantIsRevokedEarlyOnce(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let support = try await e2e.operatorClient(.support)
            let eve = e2e.customer("eve")
            _ = try await e2e.createOrder(eve, product: DemoCatalog.gems)
            let until = e2e.stack.simulator.now().adding(milliseconds: 7 * 86_400_000).millisecondsSince1970
            let granted = try await support.post(
                "/customers/\(eve)/grants",
                ["entitlement": "season_pass", "until": until, "reason": "goodwill", "idempotencyKey": "g-\(e2e.tag)"])
            #expect(granted.status == 200, "\(granted.text)")
            #expect(granted.json["result"]?["grant"]?["expiresAt"]?.intValue == until)
            #expect(try await e2e.view(eve).has("season_pass"))
            let grantId = try #require(granted.json["result"]?["grant"]?["id"]?.stringValue)

            let revoked = try await support.post(
                "/customers/\(eve)/grants/\(grantId)/revoke", ["reason": "granted to the wrong customer", "idempotencyKey": "r-\(e2e.tag)"])
            #expect(revoked.status == 200, "\(revoked.text)")
            #expect(revoked.json["result"]?["grant"]?["isActive"] == .bool(false))
            #expect(revoked.json["result"]?["grant"]?["revokeReason"]?.stringValue == "granted to the wrong customer")
            #expect(try await e2e.view(eve).has("season_pass") == false)
            let again = try await support.post(
                "/customers/\(eve)/grants/\(grantId)/revoke", ["reason": "again", "idempotencyKey": "r2-\(e2e.tag)"])
            #expect(again.status == 409)
            #expect(again.errorCode == "grantAlreadyRevoked")
            let otherCustomer = try await support.post(
                "/customers/\(e2e.customer("mallory"))/grants/\(grantId)/revoke", ["reason": "x", "idempotencyKey": "r3-\(e2e.tag)"])
            #expect(otherCustomer.status == 404)
            #expect(try await e2e.audit(eve).contains { $0.kind == "grant.revoked" && $0.reason == "granted to the wrong customer" })
        }
    }

    /// Copies of one grant racing under one key: one grant is made, the others replay it.
    @Test(arguments: E2EBackend.all)
    func racingCopiesOfOneGrantGrantOnce(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let support = try await e2e.createOperator(.support)
            let rae = e2e.customer("rae")
            _ = try await e2e.createOrder(rae, product: DemoCatalog.gems)
            let key = "race-\(e2e.tag)"
            let answers = try await e2e.race(8, credential: support.key, "/customers/\(rae)/grants") {
                ["entitlement": "premium", "duration": "P1D", "reason": "goodwill", "idempotencyKey": key]
            }
            #expect(answers.allSatisfy { $0.status == 200 }, "\(answers)")
            #expect(answers.filter { $0.replayed == false }.count == 1, "\(answers)")
            #expect(try await e2e.store.read { try await $0.operatorGrants(customerId: try E2EStack.id(rae)) }.count == 1)
        }
    }

    @Test(arguments: E2EBackend.all)
    func badGrantsAreRefusedWithStableCodes(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let support = try await e2e.operatorClient(.support)
            let fay = e2e.customer("fay")
            _ = try await e2e.createOrder(fay, product: DemoCatalog.gems)
            let path = "/customers/\(fay)/grants"
            func post(_ fields: [String: Any], _ n: Int) async throws -> APIResponse {
                var body = fields
                body["reason"] = "r"
                body["idempotencyKey"] = "k\(n)-\(e2e.tag)"
                return try await support.post(path, body)
            }
            let cases: [([String: Any], Int, String)] = [
                (["entitlement": "vip", "duration": "P1D"], 422, "unknownEntitlement"),
                (["entitlement": "premium", "duration": "P1D", "productId": DemoCatalog.gems], 422, "unknownEntitlement"),
                (["entitlement": "premium", "duration": "one day"], 400, "invalidGrantTerm"),
                (["entitlement": "premium", "duration": 0], 400, "invalidGrantTerm"),
                (["entitlement": "premium"], 400, "invalidGrantTerm"),
                (["entitlement": "premium", "duration": "P1D", "until": "2030-01-01T00:00:00Z"], 400, "invalidGrantTerm"),
                (["entitlement": "premium", "until": "2001-01-01T00:00:00Z"], 400, "invalidGrantTerm"),
                (["entitlement": "premium", "until": "tomorrow"], 400, "invalidGrantTerm"),
            ]
            for (index, (fields, status, code)) in cases.enumerated() {
                let response = try await post(fields, index)
                #expect(response.status == status, "\(fields): \(response.text)")
                #expect(response.errorCode == code, "\(fields)")
            }
            let unknownCustomer = try await support.post(
                "/customers/\(e2e.customer("nobody"))/grants",
                ["entitlement": "premium", "duration": "P1D", "reason": "r", "idempotencyKey": "u-\(e2e.tag)"])
            #expect(unknownCustomer.status == 404)
            let noKey = try await support.post(path, ["entitlement": "premium", "duration": "P1D", "reason": "r"])
            #expect(noKey.status == 400)
            #expect(try await e2e.store.read { try await $0.operatorGrants(customerId: try E2EStack.id(fay)) }.isEmpty)
        }
    }
}

import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import Testing

/// An operator action's idempotency key stands for the whole request, its reason included: the
/// audit log keeps the first request's reason, so the same key sent again with another reason
/// is refused 409 `idempotencyConflict` instead of answering "replayed" and dropping the reason.
@Suite struct ActionReasonIdempotencyTests {
    @Test(arguments: E2EBackend.all)
    func aKeySentAgainWithOnlyAnotherReasonIsAConflict(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let support = try await e2e.operatorClient(.support)
            let fay = e2e.customer("fay")
            _ = try await e2e.createOrder(fay, product: DemoCatalog.gems)
            let grantKey = "grant-\(e2e.tag)"
            func grant(_ reason: String) async throws -> APIResponse {
                try await support.post(
                    "/customers/\(fay)/grants",
                    ["entitlement": "premium", "duration": "PT2H", "reason": reason, "idempotencyKey": grantKey])
            }
            let first = try await grant("outage on the 3rd")
            #expect(first.status == 200, "\(first.text)")
            #expect(first.json["replayed"] == .bool(false))
            // The same reason (trimmed as audited) is the same request: a replay.
            let again = try await grant("  outage on the 3rd ")
            #expect(again.status == 200, "\(again.text)")
            #expect(again.json["replayed"] == .bool(true))
            let reworded = try await grant("goodwill")
            #expect(reworded.status == 409, "\(reworded.text)")
            #expect(reworded.errorCode == "idempotencyConflict")

            let adjustKey = "adjust-\(e2e.tag)"
            func adjust(_ reason: String) async throws -> APIResponse {
                try await support.post(
                    "/customers/\(fay)/wallet/adjust", ["currency": "gems", "amount": 5, "reason": reason, "idempotencyKey": adjustKey])
            }
            #expect(try await adjust("compensation").status == 200)
            let otherReason = try await adjust("a different story")
            #expect(otherReason.status == 409, "\(otherReason.text)")
            #expect(otherReason.errorCode == "idempotencyConflict")

            // One grant and one credit, each with the reason of its first request.
            let events = try await e2e.audit(fay)
            #expect(events.filter { $0.kind == "grant.created" }.map(\.reason) == ["outage on the 3rd"])
            #expect(events.filter { $0.kind == "wallet.adjusted" }.map(\.reason) == ["compensation"])
            #expect(try await e2e.view(fay).balance("gems") == 5)
        }
    }
}

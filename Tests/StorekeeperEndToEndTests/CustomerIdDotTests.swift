import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Customer ids `.` and `..` are refused wherever a customer id comes in — request bodies,
/// paths (where a client would send them percent-encoded, since a literal one is normalised
/// away), alias ids — with the invalid-customer-id error, 400 `invalidRequest`, and nothing is
/// stored for them.
@Suite struct CustomerIdDotTests {
    @Test(arguments: E2EBackend.withMemory)
    func dotIdsAreRefusedEverywhere(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let alice = e2e.customer("alice")
            for (dots, encoded) in [(".", "%2E"), ("..", "%2E%2E"), (".", "%2e"), ("..", ".%2e")] {
                var calls: [(String, APIResponse)] = []
                calls.append(
                    ("order body", try await e2e.server.post("/orders", ["customerId": dots, "productId": DemoCatalog.gems])))
                calls.append(("purchase body", try await e2e.server.post("/purchases", ["customerId": dots, "signedTransaction": "x"])))
                calls.append(("customer path", try await e2e.server.get("/customers/\(encoded)")))
                calls.append(("offers path", try await e2e.server.get("/customers/\(encoded)/offers")))
                calls.append(
                    (
                        "spend path",
                        try await e2e.server.post(
                            "/customers/\(encoded)/spend", ["currency": "gems", "amount": 1, "idempotencyKey": "k"])
                    ))
                calls.append(("alias id", try await e2e.server.post("/customers/\(alice)/aliases", ["alias": dots])))
                calls.append(("alias target", try await e2e.server.post("/customers/\(encoded)/aliases", ["alias": "guest:x"])))
                for (label, response) in calls {
                    #expect(response.status == 400, "\(label) \(encoded): \(response.text)")
                    #expect(response.errorCode == "invalidRequest", "\(label) \(encoded)")
                }
            }
            for dots in [".", ".."] {
                let audit = try await e2e.store.read { try await $0.auditEvents(customerId: CustomerID(stored: dots)!, limit: 10) }
                #expect(audit.isEmpty, "nothing is recorded for \(dots)")
            }
        }
    }
}

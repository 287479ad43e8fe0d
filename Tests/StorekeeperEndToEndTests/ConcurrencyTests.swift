import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Synchronization
import Testing

/// The exactly-once guarantees under concurrent clients, asserted through the store.
@Suite struct ConcurrencyTests {
    /// One signed transaction submitted 1,000 times by 32 concurrent clients: one transaction
    /// row, one ledger credit, one `purchase.recorded` event, one order delivery.
    @Test(arguments: E2EBackend.all)
    func sameTransactionSubmittedConcurrentlyIsRecordedOnce(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            // Keep the App Store's own notification away, so the clients race for the first record.
            _ = e2e.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(10)))
            let purchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple", token: order.appAccountToken)
            let transactionId = try #require(purchase.transaction.transactionId)
            let id = try E2EStack.id(alice)
            #expect(try await e2e.store.read { try await $0.transaction(environment: .sandbox, transactionId: transactionId) } == nil)

            let body = try JSONSerialization.data(
                withJSONObject: ["customerId": alice, "signedTransaction": purchase.signedTransaction])
            let statuses = try await ConcurrentClients.with(connections: 32) { http in
                // Every request waits its turn behind the other 31 on one customer's lock: on a
                // loaded machine (CI runs four tests at once) that wait alone can pass the client's
                // usual 30 s, which would fail the test without anything being wrong.
                let client = StorekeeperClient(
                    baseURL: e2e.stack.appURL, credential: e2e.stack.apiKey, client: http, timeout: .minutes(3))
                return try await withThrowingTaskGroup(of: [String].self) { group in
                    for worker in 0..<32 {
                        group.addTask {
                            var seen: [String] = []
                            for _ in stride(from: worker, to: 1_000, by: 32) {
                                // A 503 (storage saturated: 32 writers queue on one customer's lock)
                                // is answered to be retried with the same proof, as a client does.
                                var response = try await client.post("/purchases", raw: body)
                                for _ in 0..<5 where response.status == 503 {
                                    try await Task.sleep(for: .milliseconds(200))
                                    response = try await client.post("/purchases", raw: body)
                                }
                                let status =
                                    response.status == 200
                                    ? (response.json["status"] as? String ?? "?")
                                    : "HTTP \(response.status): \(String(decoding: response.body.prefix(300), as: UTF8.self))"
                                seen.append(status)
                            }
                            return seen
                        }
                    }
                    return try await group.reduce(into: [String]()) { $0 += $1 }
                }
            }
            #expect(statuses.count == 1_000)
            let counts = Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count)
            #expect(counts == ["recorded": 1, "replayed": 999], "\(counts)")

            let rows = try await e2e.store.read { reader in
                try await reader.transactions(
                    environment: .sandbox, originalTransactionId: purchase.transaction.originalTransactionId ?? "")
            }
            #expect(rows.count == 1)
            #expect(rows.first?.customerId == id)
            let credits = try await e2e.store.read { try await $0.journal(customerId: id, limit: 100) }.filter { $0.kind == .credit }
            #expect(credits.count == 1)
            #expect(credits.first?.customerDelta == 100)
            let recorded = try await e2e.store.read { try await $0.auditEvents(subject: "Sandbox:\(transactionId)") }
                .filter { $0.kind == "purchase.recorded" }
            #expect(recorded.count == 1)
            let delivered = try await e2e.audit(alice).filter { $0.kind == "order.delivered" }
            #expect(delivered.count == 1)
            #expect(try await e2e.view(alice).balance("gems") == 100)
        }
    }

    /// 200 concurrent spends of 1 from a balance of 100: exactly 100 succeed, 100 are refused,
    /// and the balance ends at 0, never below.
    @Test(arguments: E2EBackend.all)
    func concurrentSpendsNeverOverdraw(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let order = try await e2e.createOrder(alice, product: DemoCatalog.gems)
            let purchase = try await e2e.buy(DemoCatalog.gems, account: "alice-apple", token: order.appAccountToken)
            #expect(try await e2e.submit(alice, signedTransaction: purchase.signedTransaction).status == 200)
            #expect(try await e2e.view(alice).balance("gems") == 100)

            let results = try await ConcurrentClients.with(connections: 200) { http in
                // 200 spends queue on one customer's lock (see above).
                let client = StorekeeperClient(
                    baseURL: e2e.stack.appURL, credential: e2e.stack.apiKey, client: http, timeout: .minutes(3))
                return try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                    for index in 0..<200 {
                        group.addTask {
                            // A client backs off on 503 (storage saturated by 200 concurrent
                            // spends) and retries with the same idempotency key, as documented.
                            for attempt in 1...20 {
                                let response = try await client.post(
                                    "/customers/\(alice)/spend",
                                    ["currency": "gems", "amount": 1, "idempotencyKey": "spend-\(index)"])
                                let code = (response.json["error"] as? [String: Any])?["code"] as? String
                                if response.status != 503 || attempt == 20 { return (response.status, code) }
                                try await Task.sleep(for: .milliseconds(100 * attempt))
                            }
                            return (0, nil)
                        }
                    }
                    return try await group.reduce(into: [(Int, String?)]()) { $0.append($1) }
                }
            }
            #expect(results.filter { $0.0 == 200 }.count == 100)
            #expect(results.filter { $0.0 == 409 && $0.1 == "insufficientFunds" }.count == 100)
            #expect(results.filter { $0.0 != 200 && $0.0 != 409 }.isEmpty, "\(results.filter { $0.0 != 200 && $0.0 != 409 })")
            #expect(try await e2e.view(alice).balance("gems") == 0)
            let id = try E2EStack.id(alice)
            let spends = try await e2e.store.read { try await $0.journal(customerId: id, limit: 1_000) }.filter { $0.kind == .spend }
            #expect(spends.count == 100)
            #expect(try await e2e.store.read { try await $0.balance(.customer(id, "gems")) } == 0)
        }
    }
}

import AppStoreModels
import AppStoreSimulator
import AsyncHTTPClient
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// The same signed notification POSTed 1,000 times by 32 concurrent clients has one effect.
@Suite struct NotificationFloodTests {
    @Test(arguments: NotificationBackend.all)
    func oneNotificationThousandTimesConcurrentlyHasOneEffect(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let account = try h.account("apple")
            let pia = h.customer("pia")
            // The simulator's own delivery is dropped: the body below is the first Storekeeper sees.
            h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
            let bought = try await h.buy(pia, account: account, DemoCatalog.gems, submit: false)
            let record = try h.lastSent()
            #expect(record.notificationType == .oneTimeCharge && record.dropped)
            #expect(try await h.inbox(record.notificationUUID) == nil)
            let body = try JSONEncoder().encode(ResponseBodyV2(signedPayload: record.signedPayload))

            var configuration = HTTPClient.Configuration()
            configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 32
            let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            let statuses: [String]
            do {
                let client = StorekeeperClient(baseURL: h.stack.appURL, credential: "", client: http)
                statuses = try await withThrowingTaskGroup(of: [String].self) { group in
                    for worker in 0..<32 {
                        group.addTask {
                            var seen: [String] = []
                            for _ in stride(from: worker, to: 1_000, by: 32) {
                                let response = try await client.post("/notifications", raw: body, authenticated: false)
                                seen.append(response.status == 200 ? response.json["status"] as? String ?? "?" : "http\(response.status)")
                            }
                            return seen
                        }
                    }
                    return try await group.reduce(into: []) { $0 += $1 }
                }
            } catch {
                try await http.shutdown()
                throw error
            }
            try await http.shutdown()

            #expect(statuses.count == 1_000)
            #expect(statuses.filter { $0 == "processed" }.count == 1)
            #expect(statuses.filter { $0 == "duplicate" }.count == 999, "\(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
            let entry = try #require(try await h.inbox(record.notificationUUID))
            #expect(entry.status == .processed)
            #expect(entry.attempts == 1)

            let view = try await h.view(pia)
            #expect(view.balances["gems"] == 100)
            #expect(view.purchases.map(\.transactionId) == [bought.transaction.transactionId])
            let journal = try await h.journal(pia)
            #expect(journal.count == 1)
            #expect(journal.first?.key == "credit:Sandbox:\(bought.transaction.transactionId ?? ""):gems")
            let audit = try await h.audit(pia)
            #expect(audit.filter { $0.kind == "purchase.recorded" }.count == 1)
            #expect(audit.filter { $0.kind == "order.delivered" }.count == 1)
            #expect(
                audit.filter { $0.fact == "notification:\(record.notificationUUID)" }.count == audit.filter { $0.actor == .apple }.count)
            let metrics = try await h.metrics()
            #expect(metrics.contains(#"outcome="duplicate""#))
        }
    }
}

import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperLocal
import Testing

/// The ordered event feed over HTTP: a reader that stops and resumes from its last cursor while
/// purchases and their notifications commit misses and repeats nothing, checked against the
/// ledger and the inbox; the same events as CSV; admins only.
@Suite struct EventFeedTests {
    @Test(arguments: NotificationBackend.all)
    func aReaderResumingMidStreamMissesAndRepeatsNothing(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let admin = try await h.adminClient(.admin)
            #expect(try await h.adminClient(.support).get("/events").status == 403)
            #expect(try await admin.get("/events?after=nonsense").status == 400)
            #expect(try await admin.get("/events?format=xml").status == 400)
            #expect(try await admin.get("/events?limit=0").status == 400)

            let buyers = (0..<4).map { h.customer("f\($0)") }
            let accounts = try buyers.indices.map { try h.account("feed\($0)") }
            let finished = Flag()
            let writer = Task {
                for _ in 0..<4 {
                    for (buyer, account) in zip(buyers, accounts) { try await h.buy(buyer, account: account, DemoCatalog.gems) }
                }
                await finished.set()
            }
            // Pages of three, each request a reader that stopped after its previous page. Once the
            // writes are over, reading goes on until the feed shows them all: on a PostgreSQL
            // cluster shared with other tests, their open transactions may hold it back a while.
            var events: [FeedEventBody] = []
            var cursor: String?
            let deadline = ContinuousClock.now + .seconds(120)
            while true {
                let writesOver = await finished.value
                let page = try await Self.read(admin, after: cursor, limit: 3)
                for event in page {
                    let next = try #require(FeedCursor(token: event.cursor))
                    if let previous = cursor.flatMap(FeedCursor.init(token:)) { #expect(next > previous, "the cursor went back") }
                    cursor = event.cursor
                }
                events += page
                guard page.isEmpty else { continue }
                let sent = h.simulator.notifications(bundleId: DemoCatalog.bundleId).count
                let all =
                    events.filter { $0.type == "ledger.posted" }.count == 16
                    && events.filter { $0.type == "notification.received" }.count == sent
                if writesOver, all { break }
                #expect(ContinuousClock.now < deadline, "the feed never showed every write")
                if ContinuousClock.now >= deadline { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            try await writer.value
            #expect(Set(events.map(\.id)).count == events.count, "an event was read twice")

            // Checked against the ledger: every journal entry of every buyer, once.
            for buyer in buyers {
                let keys = Set(try await h.journal(buyer).map(\.key))
                let posted = events.filter { $0.type == "ledger.posted" && $0.customerId == buyer.rawValue }.compactMap(\.subject)
                #expect(keys.count == 4 && Set(posted) == keys && posted.count == keys.count)
                #expect(events.filter { $0.type == "purchase.recorded" && $0.customerId == buyer.rawValue }.count == 4)
            }
            // And against the inbox: every notification received, once.
            let sent = h.simulator.notifications(bundleId: DemoCatalog.bundleId).map(\.notificationUUID)
            let received = events.filter { $0.type == "notification.received" }.compactMap(\.subject)
            #expect(received.count == sent.count && Set(received) == Set(sent.map { "notification:" + $0 }))
            for id in sent { #expect(try await h.inbox(id) != nil) }

            // The same feed as CSV, from a date.
            let csv = try await admin.get("/events?format=csv&limit=100000&since=2000-01-01")
            #expect(csv.status == 200)
            let lines = String(decoding: csv.body, as: UTF8.self).split(separator: "\r\n")
            #expect(lines.first.map(String.init) == FeedEventBody.csvHeader)
            #expect(lines.dropFirst().map { String($0.split(separator: ",")[1]) } == events.map(\.cursor))
        }
    }

    /// One request's events, JSON lines.
    static func read(_ client: StorekeeperClient, after: String?, limit: Int) async throws -> [FeedEventBody] {
        let response = try await client.get("/events?limit=\(limit)" + (after.map { "&after=" + $0 } ?? ""))
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return try String(decoding: response.body, as: UTF8.self).split(separator: "\n").map {
            try JSONDecoder().decode(FeedEventBody.self, from: Data($0.utf8))
        }
    }
}

/// Set once, read by another task.
private actor Flag {
    private(set) var value = false
    func set() { value = true }
}

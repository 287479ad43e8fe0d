import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// A timeline's order, cursor and merge: paging with the cursor visits every entry once, newest
/// first, whatever the ties between sources.
@Suite struct TimelinePageTests {
    static func at(_ ms: Int64) -> Timestamp { Timestamp(millisecondsSince1970: 1_750_000_000_000 + ms) }

    static func audit(_ seq: Int64, at ms: Int64) -> TimelineEntry {
        .audit(
            SequencedAuditEvent(
                sequence: seq, event: AuditEvent(customerId: nil, kind: "k\(seq)", actor: .apple, createdAt: at(ms))))
    }

    static func transaction(_ id: String, at ms: Int64, environment: AppStoreEnvironment = .production) -> TimelineEntry {
        .transaction(
            StoredTransaction(
                transaction: AppleTransaction(
                    environment: environment, transactionId: id, originalTransactionId: id, productId: "p",
                    purchaseDate: at(ms), signedDate: at(ms), source: .storeKit2),
                customerId: CustomerID(rawValue: "c")!, orderId: nil, recordedAt: at(ms)))
    }

    static func notification(_ id: String, at ms: Int64) -> TimelineEntry {
        .notification(
            InboxPageEntry(
                InboxNotification(id: id, appId: "app", version: 2, body: Data(), receivedAt: at(ms), status: .processed)))
    }

    /// Every entry, in no particular order: ties of time across and within sources, and audit
    /// sequence numbers whose text order differs from their numeric order (9 < 10).
    static let entries: [TimelineEntry] = [
        audit(9, at: 5), audit(10, at: 5), audit(11, at: 7), transaction("2", at: 5), transaction("10", at: 5),
        transaction("3", at: 5, environment: .sandbox), notification("n-b", at: 5), notification("n-a", at: 5),
        notification("n-c", at: 1), audit(1, at: 0),
    ]

    /// What each source's store query answers below a position (what the SQL and memory stores
    /// compute from `bound(for:)`).
    static func source(_ entries: [TimelineEntry], before: TimelinePosition?, limit: Int) -> [TimelineEntry] {
        let sources = Dictionary(grouping: entries, by: \.position.source)
        return sources.flatMap { source, items in
            items.filter { entry in
                guard let bound = before?.bound(for: source) else { return true }
                return bound.admits(entry.at, entry.position.first, entry.position.second, numericFirst: source == .audit)
            }.sorted { $0.position > $1.position }.prefix(limit)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 10, 11])
    func pagingVisitsEveryEntryOnceNewestFirst(_ limit: Int) {
        let expected = Self.entries.sorted { $0.position > $1.position }
        var seen: [TimelineEntry] = []
        var cursor: TimelinePosition?
        for _ in 0..<20 {
            let page = TimelinePage.merge(Self.source(Self.entries, before: cursor, limit: limit), limit: limit)
            seen += page.entries
            guard let next = page.next else { break }
            let parsed = TimelinePosition(cursor: next.cursor)
            #expect(parsed == next, "the cursor round-trips")
            cursor = parsed
        }
        #expect(seen.map(\.id) == expected.map(\.id))
        // Newest first; within one instant the audit events (what we did) above Apple's facts.
        #expect(expected.first?.id.hasPrefix("audit:") == true)
        #expect(expected.prefix(3).map(\.kind) == [.change, .change, .change])
        #expect(expected[1].position.first == "10" && expected[2].position.first == "9")
    }

    @Test(arguments: ["", "not-base64!", "MTIz", "YQ", String(repeating: "A", count: 2000)])
    func refusesMalformedCursors(_ cursor: String) {
        #expect(TimelinePosition(cursor: cursor) == nil)
    }

    @Test func parsesKindLists() {
        #expect(TimelineKind.parse("notification,operator") == [.notification, .operatorAction])
        #expect(TimelineKind.parse("notification,bogus") == nil)
        #expect(TimelineKind.parse("") == nil)
    }
}

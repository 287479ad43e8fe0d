import AppStoreModels
import Storekeeper

/// The event feed (`SQLStore+Feed`). Writes commit one after another, so append order is commit
/// order and every cursor's transaction part is 0.
extension MemoryStoreState {
    /// Appends unless an event of the same id is kept (`ON CONFLICT (event_id) DO NOTHING`).
    mutating func appendFeed(_ append: FeedAppend) {
        guard feedIds.insert(append.event.id).inserted else { return }
        feed.append((append.stream, append.event))
    }

    func feedEvents(streams: [String], after: FeedCursor, since: Timestamp?, limit: Int) throws -> [FeedRecord] {
        try PurchaseStoreError.checkLimit(limit)
        for stream in streams { try MemoryText.refuseNUL(stream) }
        // Transaction ids are 0 here: a cursor with a larger one (another backend's) is past everything.
        guard after.transaction == 0 else { return [] }
        var records: [FeedRecord] = []
        var index = Int(clamping: after.sequence)
        while index < feed.count, records.count < limit {
            let row = feed[index]
            index += 1
            guard streams.contains(row.stream), since.map({ row.event.occurredAt >= $0 }) ?? true else { continue }
            records.append(FeedRecord(cursor: FeedCursor(transaction: 0, sequence: Int64(index)), event: row.event))
        }
        return records
    }
}

import AppStoreModels
import Storekeeper

/// The event feed (`feed_events`, ``FeedStoreReader``).
enum FeedRows {
    /// `count` events in one statement (a notification stored with its outcome has two: one
    /// deferred write rather than two, of which the second would send the first alone).
    static let insert = RowCountStatements(upTo: 8) { count in
        let rows = (0..<count).map { "($\($0 * 4 + 1), $\($0 * 4 + 2), $\($0 * 4 + 3), $\($0 * 4 + 4))" }
        return "INSERT INTO feed_events (stream, event_id, occurred_at, body) VALUES " + rows.joined(separator: ", ")
            + " ON CONFLICT (event_id) DO NOTHING"
    }

    /// The oldest transaction still running, as a bigint: every transaction id below it has
    /// committed or aborted, and every transaction that commits from now on has one at least as
    /// large.
    static let horizon = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint"

    /// One stream's page after the cursor `($2, $3)`, in feed order; below the horizon when
    /// `horizon`, and from `occurred_at` on when `since`.
    static func page(horizon: Bool, since: Bool) -> String {
        var sql = """
            SELECT seq, txid, body FROM feed_events
            WHERE stream = $1 AND (txid, seq) > ($2, $3)
            """
        var next = 5
        if horizon {
            sql += " AND txid < $\(next)"
            next += 1
        }
        if since { sql += " AND occurred_at >= $\(next)" }
        return sql + " ORDER BY txid, seq LIMIT $4"
    }

    static func record(_ row: SQLRow) throws -> FeedRecord {
        FeedRecord(
            cursor: FeedCursor(transaction: try row.int64(1), sequence: try row.int64(0)),
            event: try row.json(FeedEvent.self, 2))
    }
}

extension SQLStoreQuerying {
    /// Each stream is read through its `(stream, txid, seq)` index and the pages are merged, all
    /// under one horizon read first: a horizon per stream could let a later stream's event pass
    /// an earlier stream's event that committed in between.
    func feedEvents(streams: [String], after: FeedCursor, since: Timestamp?, limit: Int) async throws -> [FeedRecord] {
        let limitBind = try limitValue(limit)
        var horizon: SQLValue?
        if sql.dialect.kind == .postgresql {
            horizon = .integer(try await sql.single(FeedRows.horizon, []).int64(0))
        }
        let statement = FeedRows.page(horizon: horizon != nil, since: since != nil)
        var records: [FeedRecord] = []
        for stream in Set(streams) {
            var binds: [SQLValue] = [.text(stream), .integer(after.transaction), .integer(after.sequence), limitBind]
            if let horizon { binds.append(horizon) }
            if let since { binds.append(SQLValue(since)) }
            records += try await sql.query(statement, binds).map(FeedRows.record)
        }
        return Array(records.sorted { $0.cursor < $1.cursor }.prefix(limit))
    }
}

extension SQLStoreTransaction {
    /// Appends the feed event of a source written in this transaction; deferred like the audit
    /// append (nothing reads it back in the writing transaction), and a no-op for an event id
    /// kept before. Past ``StoreStatements``' memo: the insert touches no purchase, so the owner
    /// candidates read beside an inbox insert stay true.
    func appendFeed(_ appends: [FeedAppend]) async throws {
        guard !appends.isEmpty else { return }
        let binds = try appends.flatMap { append -> [SQLValue] in
            [.text(append.stream), .text(append.event.id), SQLValue(append.event.occurredAt), try StoreJSON.text(append.event)]
        }
        try await PurchaseStoreError.translating { try await sql.base.deferWrite(FeedRows.insert[appends.count], binds) }
    }

    func appendFeed(_ append: FeedAppend) async throws {
        try await appendFeed([append])
    }
}

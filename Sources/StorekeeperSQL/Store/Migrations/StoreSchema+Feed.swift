extension StoreSchema {
    /// The ordered event feed (`docs/EVENTS.md`). Each row is appended by the store in the
    /// transaction that writes its source (audit event, journal entry, inbox notification);
    /// `event_id` is unique, so a replayed source appends nothing. `txid` is the writing
    /// transaction's id on PostgreSQL (filled by the default, so no statement can forget it) and 0
    /// on SQLite, whose single writer makes `seq` order commit order (see `FeedCursor`).
    static let feed = Migration(version: 27, name: "event feed") { dialect in
        let transactionId = dialect.kind == .postgresql ? "(pg_current_xact_id()::text::bigint)" : "0"
        return """
            CREATE TABLE feed_events (
                seq \(dialect.autoIncrementPrimaryKey),
                txid BIGINT NOT NULL DEFAULT \(transactionId),
                stream TEXT NOT NULL,
                event_id TEXT NOT NULL UNIQUE,
                occurred_at BIGINT NOT NULL,
                body TEXT NOT NULL
            );
            CREATE INDEX feed_events_order ON feed_events (stream, txid, seq);
            """
    }
}

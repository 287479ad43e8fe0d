extension StoreSchema {
    /// The notifications inbox (raw bodies kept before Apple is acknowledged, deduplicated by
    /// notification ID) and the outbox of messages sent after commit, claimed with leases.
    static let inboxAndOutbox = Migration(version: 6, name: "inbox and outbox") { dialect in
        """
        CREATE TABLE inbox (
            id TEXT PRIMARY KEY,
            app_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            body \(dialect.blobType) NOT NULL,
            received_at BIGINT NOT NULL,
            status TEXT NOT NULL,
            attempts BIGINT NOT NULL,
            last_error TEXT,
            notification_type TEXT,
            subtype TEXT,
            signed_date BIGINT,
            processed_at BIGINT
        );
        CREATE INDEX inbox_status ON inbox (status, received_at);

        CREATE TABLE outbox (
            id TEXT PRIMARY KEY,
            destination TEXT NOT NULL,
            kind TEXT NOT NULL,
            customer_id TEXT,
            payload \(dialect.blobType) NOT NULL,
            created_at BIGINT NOT NULL,
            next_attempt_at BIGINT NOT NULL,
            deadline BIGINT,
            attempts BIGINT NOT NULL,
            status TEXT NOT NULL,
            last_error TEXT,
            delivered_at BIGINT,
            lease_owner TEXT,
            lease_until BIGINT
        );
        CREATE INDEX outbox_status ON outbox (status, next_attempt_at);
        """
    }

    /// PostgreSQL compresses values over 2 kB with pglz before storing them out of line. A
    /// notification body is ~8 kB of base64 JWS that compresses little, and compressing it took
    /// about two thirds of its insert's time (360 → 140 µs without); it is stored as it is. (No
    /// change on SQLite, which never compresses.)
    static let uncompressedInboxBodies = Migration(
        version: 8, name: "inbox bodies stored uncompressed",
        sqlite: "", postgresql: "ALTER TABLE inbox ALTER COLUMN body SET STORAGE EXTERNAL;")
}

extension StoreSchema {
    /// Operator accounts, the idempotency records of their actions, and the audit log's app and
    /// reason (operator actions record both; earlier events have neither).
    static let operators = Migration(version: 12, name: "operators and admin actions") { dialect in
        """
        CREATE TABLE operators (
            name TEXT PRIMARY KEY,
            role TEXT NOT NULL,
            apps TEXT NOT NULL,
            key_hash TEXT NOT NULL UNIQUE,
            created_at BIGINT NOT NULL,
            disabled_at BIGINT
        )\(dialect.clustered);

        CREATE TABLE admin_actions (
            app_id TEXT NOT NULL,
            idempotency_key TEXT NOT NULL,
            operator_name TEXT NOT NULL,
            kind TEXT NOT NULL,
            request_hash TEXT NOT NULL,
            response \(dialect.blobType) NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (app_id, idempotency_key)
        )\(dialect.clustered);

        ALTER TABLE audit_events ADD COLUMN app_id TEXT;
        ALTER TABLE audit_events ADD COLUMN reason TEXT;
        CREATE INDEX audit_events_app ON audit_events (app_id, created_at, seq);
        """
    }
}

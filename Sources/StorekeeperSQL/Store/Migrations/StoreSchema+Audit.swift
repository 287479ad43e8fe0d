extension StoreSchema {
    /// The append-only audit trail; `seq` orders events recorded in the same millisecond.
    static let audit = Migration(version: 5, name: "audit events") { dialect in
        """
        CREATE TABLE audit_events (
            seq \(dialect.autoIncrementPrimaryKey),
            id TEXT NOT NULL UNIQUE,
            customer_id TEXT,
            kind TEXT NOT NULL,
            actor TEXT NOT NULL,
            subject TEXT,
            fact TEXT,
            details TEXT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE INDEX audit_events_customer ON audit_events (customer_id, created_at, seq);
        CREATE INDEX audit_events_subject ON audit_events (subject, created_at, seq);
        """
    }
}

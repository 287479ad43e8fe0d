extension StoreSchema {
    /// The web console's sign-in sessions: the session id's hash, the operator, the
    /// CSRF token and the two times the idle and absolute expiries count from; indexed for the
    /// purge of expired sessions.
    static let consoleSessions = Migration(version: 17, name: "console sessions") { dialect in
        """
        CREATE TABLE console_sessions (
            id_hash TEXT PRIMARY KEY,
            operator_name TEXT NOT NULL,
            csrf_token TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            last_seen_at BIGINT NOT NULL
        )\(dialect.clustered);
        CREATE INDEX console_sessions_last_seen ON console_sessions (last_seen_at);
        CREATE INDEX console_sessions_created ON console_sessions (created_at);
        """
    }
}

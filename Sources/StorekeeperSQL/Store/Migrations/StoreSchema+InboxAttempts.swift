extension StoreSchema {
    /// Every processing attempt of an inbox entry, and the CONSUMPTION_REQUESTs left unanswered
    /// for want of the customer's consent.
    ///
    /// - `inbox_attempts`: one row per attempt (`number` counts up per entry), written in the
    ///   transaction that records its outcome; the latest ``InboxAttempt/retained`` of an entry
    ///   are kept.
    /// - `consumption_refusals`: one row per request refused (one per notification and
    ///   transaction, so a replay adds none), paged per app newest first like the consumption
    ///   answers in the outbox it is listed with. Refusals recorded before this migration (audit
    ///   events `consumption.notAnswered`, whose fact names the inbox entry that holds the app and
    ///   Apple's signing time) are copied in.
    static let inboxAttempts = Migration(version: 18, name: "inbox attempts and consumption refusals") { dialect in
        let position = dialect.kind == .postgresql ? "strpos" : "instr"
        return """
            CREATE TABLE inbox_attempts (
                inbox_id TEXT NOT NULL,
                number BIGINT NOT NULL,
                attempted_at BIGINT NOT NULL,
                outcome TEXT NOT NULL,
                error TEXT,
                PRIMARY KEY (inbox_id, number)
            )\(dialect.clustered);

            CREATE TABLE consumption_refusals (
                app_id TEXT NOT NULL,
                notification TEXT NOT NULL,
                environment TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                id TEXT NOT NULL,
                customer_id TEXT,
                requested_at BIGINT NOT NULL,
                deadline BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                reason TEXT NOT NULL,
                PRIMARY KEY (app_id, notification, environment, transaction_id)
            )\(dialect.clustered);
            CREATE INDEX consumption_refusals_page ON consumption_refusals (app_id, created_at, id);

            INSERT INTO consumption_refusals (
                app_id, notification, environment, transaction_id, id, customer_id, requested_at, deadline, created_at, reason)
            SELECT i.app_id, a.fact, substr(a.subject, 1, \(position)(a.subject, ':') - 1),
                substr(a.subject, \(position)(a.subject, ':') + 1), a.id, a.customer_id,
                COALESCE(i.signed_date, a.created_at), COALESCE(i.signed_date, a.created_at) + 43200000, a.created_at,
                'noConsent'
            FROM audit_events a JOIN inbox i ON a.fact = 'notification:' || i.id
            WHERE a.kind = 'consumption.notAnswered' AND \(position)(a.subject, ':') > 1
            ON CONFLICT DO NOTHING;
            """
    }
}

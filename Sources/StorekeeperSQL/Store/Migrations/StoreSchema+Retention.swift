extension StoreSchema {
    /// Retention Messaging: an app's rules (one JSON document per app, replaced whole), the
    /// messages and images its operators uploaded with Apple's review state as last seen, and
    /// one row per real-time request keyed by Apple's `requestIdentifier` (a replay finds it).
    /// `retention_requests_subscription` finds the request a notification's outcome belongs to;
    /// `retention_requests_app` serves the overview's tallies.
    static let retention = Migration(version: 29, name: "retention messaging") { dialect in
        """
        CREATE TABLE retention_settings (
            app_id TEXT PRIMARY KEY,
            rules TEXT NOT NULL,
            revision BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            updated_by TEXT NOT NULL
        )\(dialect.clustered);
        CREATE TABLE retention_content (
            app_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            identifier TEXT NOT NULL,
            kind TEXT NOT NULL,
            header TEXT,
            body TEXT,
            image_identifier TEXT,
            state TEXT NOT NULL,
            uploaded_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (app_id, environment, identifier)
        )\(dialect.clustered);
        CREATE TABLE retention_requests (
            request_identifier TEXT PRIMARY KEY,
            app_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            original_transaction_id TEXT NOT NULL,
            customer_id TEXT,
            product_id TEXT NOT NULL,
            locale TEXT NOT NULL,
            rule_id TEXT,
            answer_kind TEXT NOT NULL,
            message_identifier TEXT,
            alternate_product_id TEXT,
            offer_id TEXT,
            reason TEXT,
            signed_date BIGINT NOT NULL,
            received_at BIGINT NOT NULL,
            server_microseconds BIGINT NOT NULL,
            outcome TEXT,
            outcome_at BIGINT,
            outcome_fact TEXT
        )\(dialect.clustered);
        CREATE INDEX retention_requests_subscription ON retention_requests (environment, original_transaction_id, received_at);
        CREATE INDEX retention_requests_app ON retention_requests (app_id, received_at);
        """
    }
}

extension StoreSchema {
    /// The operators' notifications inbox and mass extensions.
    ///
    /// - `inbox.environment`: the environment the notification names, filled as it arrives
    ///   (entries stored before this migration have none); `inbox.duplicates`: how many times it
    ///   arrived again after it was stored.
    /// - Indexes for the inbox's filters, each led by the app and ending in the page order
    ///   (`received_at`, `id`, newest first): by arrival alone, by status, by type, by
    ///   environment, and a partial index of the entries that arrived more than once (a subtype
    ///   is filtered within its type's index range).
    /// - `mass_extensions`: the mass renewal-date extensions operators sent to Apple, by the
    ///   request identifier Apple knows them by.
    static let inboxQueries = Migration(version: 15, name: "notifications inbox filters and mass extensions") { dialect in
        """
        ALTER TABLE inbox ADD COLUMN environment TEXT;
        ALTER TABLE inbox ADD COLUMN duplicates BIGINT NOT NULL DEFAULT 0;
        CREATE INDEX inbox_app_received ON inbox (app_id, received_at, id);
        CREATE INDEX inbox_app_status ON inbox (app_id, status, received_at, id);
        CREATE INDEX inbox_app_type ON inbox (app_id, notification_type, received_at, id);
        CREATE INDEX inbox_app_environment ON inbox (app_id, environment, received_at, id);
        CREATE INDEX inbox_app_duplicates ON inbox (app_id, received_at, id) WHERE duplicates > 0;

        CREATE TABLE mass_extensions (
            app_id TEXT NOT NULL,
            request_identifier TEXT NOT NULL,
            environment TEXT NOT NULL,
            product_id TEXT NOT NULL,
            days BIGINT NOT NULL,
            reason_code BIGINT NOT NULL,
            storefronts TEXT,
            operator_name TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (app_id, request_identifier)
        )\(dialect.clustered);
        """
    }
}

extension StoreSchema {
    /// Watermarks of parallel Notification History recoveries: one row per time
    /// slice of a recovery job, holding the pagination token of the next page to fetch, so a
    /// crash or restart resumes each slice at the first page not yet applied.
    static let recoverySlices = Migration(version: 19, name: "recovery slices") { dialect in
        """
        CREATE TABLE recovery_slices (
            job TEXT NOT NULL,
            slice_start BIGINT NOT NULL,
            slice_end BIGINT NOT NULL,
            next_page_token TEXT,
            pages_applied BIGINT NOT NULL,
            notifications_seen BIGINT NOT NULL,
            complete INTEGER NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (job, slice_start)
        )\(dialect.clustered);
        """
    }
}

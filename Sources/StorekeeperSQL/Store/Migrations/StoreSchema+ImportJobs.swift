extension StoreSchema {
    /// Imports of customers from Apple identifiers: the job, and each row with its outcome
    /// (written in the transaction that applies the row).
    static let importJobs = Migration(
        version: 28, name: "import jobs",
        sql: """
            CREATE TABLE import_jobs (
                id TEXT PRIMARY KEY,
                app_id TEXT NOT NULL,
                operator TEXT NOT NULL,
                reason TEXT NOT NULL,
                dry_run INTEGER NOT NULL,
                total INTEGER NOT NULL,
                watermark INTEGER NOT NULL,
                status TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            );
            CREATE INDEX import_jobs_running ON import_jobs (status, app_id, created_at);

            CREATE TABLE import_rows (
                job_id TEXT NOT NULL,
                ordinal INTEGER NOT NULL,
                line INTEGER NOT NULL,
                customer_id TEXT,
                kind TEXT,
                value TEXT,
                outcome TEXT,
                detail TEXT,
                PRIMARY KEY (job_id, ordinal)
            );
            CREATE INDEX import_rows_outcome ON import_rows (job_id, outcome, ordinal);
            """)
}

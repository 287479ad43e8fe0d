extension StoreSchema {
    /// Reconciliation runs of every reconciled report type: SALES and
    /// SUBSCRIPTION_EVENT runs of a day, FINANCE_DETAIL runs of a fiscal month. The runs and lines
    /// of migration 11 gain `report_type` in their keys; the runs stored before are SALES runs.
    static let reconciledReports = Migration(version: 20, name: "reconciliation runs by report type") { dialect in
        """
        CREATE TABLE reconciliation_runs_by_type (
            vendor_number TEXT NOT NULL,
            report_type TEXT NOT NULL,
            report_date TEXT NOT NULL,
            ran_at BIGINT NOT NULL,
            report_sha256 TEXT NOT NULL,
            PRIMARY KEY (vendor_number, report_type, report_date)
        )\(dialect.clustered);

        CREATE TABLE reconciliation_lines_by_type (
            vendor_number TEXT NOT NULL,
            report_type TEXT NOT NULL,
            report_date TEXT NOT NULL,
            position BIGINT NOT NULL,
            outcome TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (vendor_number, report_type, report_date, position)
        )\(dialect.clustered);

        INSERT INTO reconciliation_runs_by_type (vendor_number, report_type, report_date, ran_at, report_sha256)
            SELECT vendor_number, 'SALES', report_date, ran_at, report_sha256 FROM reconciliation_runs;
        INSERT INTO reconciliation_lines_by_type (vendor_number, report_type, report_date, position, outcome, body)
            SELECT vendor_number, 'SALES', report_date, position, outcome, body FROM reconciliation_lines;
        DROP TABLE reconciliation_lines;
        DROP TABLE reconciliation_runs;
        """
    }
}

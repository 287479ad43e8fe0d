extension StoreSchema {
    /// App Store Connect report files, their SALES rows, reconciliation runs, and the
    /// indexes a day's reconciliation reads transactions by (purchase and revocation instants).
    ///
    /// - `report_files`: every file once, by the SHA-256 of its bytes (kept as received).
    /// - `report_current`: the current file of each report key; a revision replaces it.
    /// - `report_sales_rows`: the current SALES SUMMARY rows, amounts in milliunits.
    /// - `reconciliation_runs` / `reconciliation_lines`: the latest run of a vendor's day; a
    ///   line's `body` is the whole ``ReconciliationLine`` as JSON, `outcome` is kept for counting.
    static let reports = Migration(version: 11, name: "app store connect reports and reconciliation") { dialect in
        """
        CREATE TABLE report_files (
            sha256 TEXT PRIMARY KEY,
            vendor_number TEXT NOT NULL,
            report_type TEXT NOT NULL,
            report_subtype TEXT NOT NULL,
            frequency TEXT NOT NULL,
            report_date TEXT NOT NULL,
            version TEXT NOT NULL,
            row_count BIGINT NOT NULL,
            content \(dialect.blobType) NOT NULL,
            imported_at BIGINT NOT NULL
        );
        CREATE INDEX report_files_report ON report_files (vendor_number, report_type, report_date);

        CREATE TABLE report_current (
            vendor_number TEXT NOT NULL,
            report_type TEXT NOT NULL,
            report_subtype TEXT NOT NULL,
            frequency TEXT NOT NULL,
            report_date TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (vendor_number, report_type, report_subtype, frequency, report_date)
        )\(dialect.clustered);

        CREATE TABLE report_sales_rows (
            vendor_number TEXT NOT NULL,
            report_date TEXT NOT NULL,
            line BIGINT NOT NULL,
            sha256 TEXT NOT NULL,
            sku TEXT NOT NULL,
            product_type_identifier TEXT NOT NULL,
            country_code TEXT NOT NULL,
            customer_currency TEXT NOT NULL,
            customer_price BIGINT NOT NULL,
            units BIGINT NOT NULL,
            developer_proceeds BIGINT NOT NULL,
            proceeds_currency TEXT NOT NULL,
            subscription TEXT,
            proceeds_reason TEXT,
            parent_identifier TEXT,
            PRIMARY KEY (vendor_number, report_date, line)
        )\(dialect.clustered);

        CREATE TABLE reconciliation_runs (
            vendor_number TEXT NOT NULL,
            report_date TEXT NOT NULL,
            ran_at BIGINT NOT NULL,
            report_sha256 TEXT NOT NULL,
            PRIMARY KEY (vendor_number, report_date)
        )\(dialect.clustered);

        CREATE TABLE reconciliation_lines (
            vendor_number TEXT NOT NULL,
            report_date TEXT NOT NULL,
            position BIGINT NOT NULL,
            outcome TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (vendor_number, report_date, position)
        )\(dialect.clustered);

        CREATE INDEX transactions_purchase_instant ON transactions (environment, purchase_date);
        CREATE INDEX transactions_revocation_instant ON transactions (environment, revocation_date)
            WHERE revocation_date IS NOT NULL;
        """
    }
}

import AppStoreModels
import Storekeeper

/// Statements of the report tables (see ``StoreSchema/reports``).
enum ReportRows {
    static let fileExists = "SELECT 1 FROM report_files WHERE sha256 = $1"
    static let insertFile = """
        INSERT INTO report_files (sha256, vendor_number, report_type, report_subtype, frequency, report_date, version, row_count, \
        content, imported_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
        """
    static let setCurrent = """
        INSERT INTO report_current (vendor_number, report_type, report_subtype, frequency, report_date, sha256, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        ON CONFLICT (vendor_number, report_type, report_subtype, frequency, report_date)
        DO UPDATE SET sha256 = excluded.sha256, updated_at = excluded.updated_at
        """
    static let current = """
        SELECT f.sha256, f.vendor_number, f.report_type, f.report_subtype, f.frequency, f.report_date, f.version, f.row_count, \
        f.content, f.imported_at
        FROM report_current c JOIN report_files f ON f.sha256 = c.sha256
        WHERE c.vendor_number = $1 AND c.report_type = $2 AND c.report_subtype = $3 AND c.frequency = $4 AND c.report_date = $5
        """
    static let salesDays = """
        SELECT report_date FROM report_current
        WHERE vendor_number = $1 AND report_type = 'SALES' AND report_subtype = 'SUMMARY' AND frequency = 'DAILY'
            AND report_date >= $2 AND report_date <= $3
        """
    static let deleteSalesRows = "DELETE FROM report_sales_rows WHERE vendor_number = $1 AND report_date = $2"
    static let insertSalesRow = """
        INSERT INTO report_sales_rows (vendor_number, report_date, line, sha256, sku, product_type_identifier, country_code, \
        customer_currency, customer_price, units, developer_proceeds, proceeds_currency, subscription, proceeds_reason, \
        parent_identifier) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
        """
    static let salesRows = """
        SELECT line, sku, product_type_identifier, country_code, customer_currency, customer_price, units, developer_proceeds, \
        proceeds_currency, subscription, proceeds_reason, parent_identifier
        FROM report_sales_rows WHERE vendor_number = $1 AND report_date = $2 ORDER BY line
        """
    static let bought = """
        SELECT \(TransactionRows.factColumns) FROM transactions
        WHERE environment = $1 AND purchase_date >= $2 AND purchase_date < $3
        """
    /// Revoked in the range but bought before it (those bought in it are read by ``bought``).
    static let revokedEarlier = """
        SELECT \(TransactionRows.factColumns) FROM transactions
        WHERE environment = $1 AND revocation_date >= $2 AND revocation_date < $3 AND purchase_date < $2
        """
    /// Multiseat transactions bought before the range whose latest record, signed in it, may
    /// report a seat-based refund (seats revoked, the transaction not: `Sale` dates it so);
    /// `transactions_multi_seat`.
    static let seatsRefundedEarlier = """
        SELECT \(TransactionRows.factColumns) FROM transactions
        WHERE environment = $1 AND multi_seat IS NOT NULL AND signed_date >= $2 AND signed_date < $3
          AND purchase_date < $2 AND revocation_date IS NULL
        """
    static let deleteRun = "DELETE FROM reconciliation_runs_by_type WHERE vendor_number = $1 AND report_type = $2 AND report_date = $3"
    static let deleteRunLines = """
        DELETE FROM reconciliation_lines_by_type WHERE vendor_number = $1 AND report_type = $2 AND report_date = $3
        """
    static let insertRun = """
        INSERT INTO reconciliation_runs_by_type (vendor_number, report_type, report_date, ran_at, report_sha256) \
        VALUES ($1, $2, $3, $4, $5)
        """
    static let insertRunLine = """
        INSERT INTO reconciliation_lines_by_type (vendor_number, report_type, report_date, position, outcome, body) \
        VALUES ($1, $2, $3, $4, $5, $6)
        """
    static let run = """
        SELECT ran_at, report_sha256 FROM reconciliation_runs_by_type WHERE vendor_number = $1 AND report_type = $2 AND report_date = $3
        """
    static let runLines = """
        SELECT body FROM reconciliation_lines_by_type WHERE vendor_number = $1 AND report_type = $2 AND report_date = $3
        ORDER BY position
        """
    /// ``ProceedsObservation``s: paid sales with proceeds in the customer's currency, summed.
    static let proceedsObservations = """
        SELECT sku, country_code, customer_currency, proceeds_reason, CAST(SUM(customer_price * units) AS BIGINT),
            CAST(SUM(developer_proceeds * units) AS BIGINT)
        FROM report_sales_rows
        WHERE vendor_number = $1 AND report_date >= $2 AND report_date <= $3 AND units > 0 AND customer_price > 0
            AND proceeds_currency = customer_currency
        GROUP BY sku, country_code, customer_currency, proceeds_reason
        """

    static func keyBinds(_ key: ReportKey) -> [SQLValue] {
        [.text(key.vendorNumber), .text(key.reportType), .text(key.reportSubType), .text(key.frequency), .text(key.reportDate)]
    }

    static func file(_ row: SQLRow) throws -> ReportFile {
        ReportFile(
            key: ReportKey(
                vendorNumber: try row.string(1), reportType: try row.string(2), reportSubType: try row.string(3),
                frequency: try row.string(4), reportDate: try row.string(5)),
            version: try row.string(6), sha256: try row.string(0), content: try row.bytes(8), rowCount: try row.int(7),
            importedAt: try row.timestamp(9))
    }

    static func salesLine(_ row: SQLRow, day: PacificDay) throws -> ReportSalesLine {
        ReportSalesLine(
            day: day, line: try row.int(0), sku: try row.string(1), productTypeIdentifier: try row.string(2),
            countryCode: try row.string(3), customerCurrency: try row.string(4), customerPrice: try row.int64(5),
            units: try row.int(6), developerProceeds: try row.int64(7), proceedsCurrency: try row.string(8),
            subscription: try row.optionalString(9), proceedsReason: try row.optionalString(10),
            parentIdentifier: try row.optionalString(11))
    }
}

extension SQLStoreQuerying {
    func currentReport(_ key: ReportKey) async throws -> ReportFile? {
        try await sql.queryFirst(ReportRows.current, ReportRows.keyBinds(key)).map(ReportRows.file)
    }

    func importedSalesDays(vendorNumber: String, in days: ClosedRange<PacificDay>) async throws -> Set<PacificDay> {
        let rows = try await sql.query(
            ReportRows.salesDays, [.text(vendorNumber), .text(days.lowerBound.description), .text(days.upperBound.description)])
        return Set(
            try rows.map { row in
                let text = try row.string(0)
                guard let day = PacificDay(iso: text) else {
                    throw SQLPurchaseStoreError.corrupt("report_current holds the day \"\(text)\"")
                }
                return day
            })
    }

    func salesLines(vendorNumber: String, day: PacificDay) async throws -> [ReportSalesLine] {
        try await sql.query(ReportRows.salesRows, [.text(vendorNumber), .text(day.description)]).map {
            try ReportRows.salesLine($0, day: day)
        }
    }

    func transactionsBoughtOrRevoked(
        environment: AppStoreEnvironment, from start: Timestamp, to end: Timestamp
    ) async throws
        -> [AppleTransaction]
    {
        let binds = [SQLValue(environment), SQLValue(start), SQLValue(end)]
        let bought = try await sql.query(ReportRows.bought, binds)
        let revoked = try await sql.query(ReportRows.revokedEarlier, binds)
        let seats = try await sql.query(ReportRows.seatsRefundedEarlier, binds).map(TransactionRows.transaction)
        return try (bought + revoked).map(TransactionRows.transaction)
            + seats.filter { ($0.multiSeatInfo?.revokedSeatQuantity ?? 0) > 0 }
    }

    func reconciliation(vendorNumber: String, reportType: String, reportDate: String) async throws -> ReconciliationRun? {
        let binds: [SQLValue] = [.text(vendorNumber), .text(reportType), .text(reportDate)]
        guard let run = try await sql.queryFirst(ReportRows.run, binds) else { return nil }
        let lines = try await sql.query(ReportRows.runLines, binds).map { try $0.json(ReconciliationLine.self, 0) }
        return ReconciliationRun(
            vendorNumber: vendorNumber, reportType: reportType, reportDate: reportDate, ranAt: try run.timestamp(0),
            reportSHA256: try run.string(1), lines: lines)
    }

    func proceedsObservations(vendorNumber: String, in days: ClosedRange<PacificDay>) async throws -> [ProceedsObservation] {
        let binds: [SQLValue] = [.text(vendorNumber), .text(days.lowerBound.description), .text(days.upperBound.description)]
        return try await sql.query(ReportRows.proceedsObservations, binds).map { row in
            ProceedsObservation(
                sku: try row.string(0), countryCode: try row.string(1), currency: try row.string(2),
                reducedRate: try row.optionalString(3)?.lowercased() == "rate after one year", price: try row.int64(4),
                proceeds: try row.int64(5))
        }
    }
}

extension SQLStoreTransaction {
    func importReport(_ file: ReportFile, salesLines: [ReportSalesLine]) async throws -> ReportImportOutcome {
        // Two instances importing revisions of one report at once would interleave their rows.
        try await sql.advisoryLock(SQLAdvisoryLock.key(for: "storekeeper.report:\(file.key)"))
        if try await sql.queryFirst(ReportRows.fileExists, [.text(file.sha256)]) != nil { return .unchanged }
        let key = file.key
        try await sql.execute(
            ReportRows.insertFile,
            [.text(file.sha256)] + ReportRows.keyBinds(key)
                + [.text(file.version), SQLValue(file.rowCount), .blob(file.content), SQLValue(file.importedAt)])
        try await sql.execute(ReportRows.setCurrent, ReportRows.keyBinds(key) + [.text(file.sha256), SQLValue(now())])
        guard key.reportType == "SALES" else { return .imported(replacedRows: 0) }
        let replaced = try await sql.execute(ReportRows.deleteSalesRows, [.text(key.vendorNumber), .text(key.reportDate)])
        for line in salesLines {
            try await sql.execute(
                ReportRows.insertSalesRow,
                [
                    .text(key.vendorNumber), .text(key.reportDate), SQLValue(line.line), .text(file.sha256), .text(line.sku),
                    .text(line.productTypeIdentifier), .text(line.countryCode), .text(line.customerCurrency),
                    .integer(line.customerPrice), SQLValue(line.units), .integer(line.developerProceeds), .text(line.proceedsCurrency),
                    SQLValue(line.subscription), SQLValue(line.proceedsReason), SQLValue(line.parentIdentifier),
                ])
        }
        return .imported(replacedRows: replaced)
    }

    func saveReconciliation(_ run: ReconciliationRun) async throws {
        let binds: [SQLValue] = [.text(run.vendorNumber), .text(run.reportType), .text(run.reportDate)]
        try await sql.advisoryLock(
            SQLAdvisoryLock.key(for: "storekeeper.reconciliation:\(run.vendorNumber):\(run.reportType):\(run.reportDate)"))
        try await sql.execute(ReportRows.deleteRunLines, binds)
        try await sql.execute(ReportRows.deleteRun, binds)
        try await sql.execute(ReportRows.insertRun, binds + [SQLValue(run.ranAt), .text(run.reportSHA256)])
        for (position, line) in run.lines.enumerated() {
            try await sql.execute(
                ReportRows.insertRunLine, binds + [SQLValue(position), .text(line.outcome.rawValue), try StoreJSON.text(line)])
        }
    }
}

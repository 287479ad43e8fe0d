public import AppStoreModels

/// Storage of App Store Connect report files, their parsed SALES rows and the reconciliation
/// runs made from them. SUBSCRIPTION_EVENT and FINANCE_DETAIL files are kept whole
/// and read again when reconciled.
///
/// Every method is one transaction. Files are stored once per content (their SHA-256); a report
/// key (vendor, type, subtype, frequency, date) has one current file, whose rows are the report's.
public protocol ReportStore: Sendable {
    /// Stores `file` unless a file with the same SHA-256 is stored already (then nothing changes
    /// and the result is ``ReportImportOutcome/unchanged``). A new file becomes its key's current
    /// file: the key's earlier rows are removed and `salesLines` (for a SALES file; empty for
    /// other types) stored, all in one transaction.
    func importReport(_ file: ReportFile, salesLines: [ReportSalesLine]) async throws -> ReportImportOutcome

    /// The current file of `key`, with its content; nil when none was imported.
    func currentReport(_ key: ReportKey) async throws -> ReportFile?

    /// The days in `days` for which `vendorNumber` has a current daily SALES SUMMARY file.
    func importedSalesDays(vendorNumber: String, in days: ClosedRange<PacificDay>) async throws -> Set<PacificDay>

    /// The SALES SUMMARY rows of the current daily file of `day`, in file order.
    func salesLines(vendorNumber: String, day: PacificDay) async throws -> [ReportSalesLine]

    /// Transactions of `environment` bought or revoked in `start..<end`, or whose seats a
    /// seat-based refund reported in it revoked, each once: what a reconciliation of the days in
    /// that range counts.
    func transactionsBoughtOrRevoked(
        environment: AppStoreEnvironment, from start: Timestamp, to end: Timestamp
    ) async throws
        -> [AppleTransaction]

    /// Stores `runs` in one transaction, each replacing any earlier run of the same vendor,
    /// report type and date.
    func saveReconciliations(_ runs: [ReconciliationRun]) async throws

    /// The latest run of the vendor's report of `reportType` and `reportDate`; nil when it was
    /// never reconciled.
    func reconciliation(vendorNumber: String, reportType: String, reportDate: String) async throws -> ReconciliationRun?

    /// What the SALES rows of the vendor's days `days` say about proceeds, summed per product,
    /// country, currency and rate (the rows ``ProceedsObservation/init(_:)`` keeps).
    func proceedsObservations(vendorNumber: String, in days: ClosedRange<PacificDay>) async throws -> [ProceedsObservation]
}

extension ReportStore {
    /// Stores `run`, replacing any earlier run of the same vendor, report type and date.
    public func saveReconciliation(_ run: ReconciliationRun) async throws {
        try await saveReconciliations([run])
    }

    /// The latest SALES run of the vendor's day; nil when the day was never reconciled.
    public func reconciliation(vendorNumber: String, day: PacificDay) async throws -> ReconciliationRun? {
        try await reconciliation(vendorNumber: vendorNumber, reportType: ReconciledReport.sales.rawValue, reportDate: day.description)
    }
}

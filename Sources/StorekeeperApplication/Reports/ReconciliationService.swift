public import AppStoreModels
public import Storekeeper

/// Reconciles a vendor's reports with Storekeeper's production transactions: a Pacific day's
/// SALES SUMMARY (``Reconciler``) and SUBSCRIPTION_EVENT rows, a fiscal month's FINANCE_DETAIL
/// rows. It asks the lost-purchase lookup about what Apple counts and Storekeeper lacks, stores
/// the run (replacing the report's earlier one) and records the metrics.
///
/// Reports are per vendor account while transactions are not per app: one Storekeeper database
/// should serve the apps of one vendor (another vendor's sales show as missing in the report).
public struct ReconciliationService: Sendable {
    /// Looks for the purchases behind a `missingInStorekeeper` line and names what it found or
    /// started (for example open orders of the product it asked Apple about).
    public protocol LostPurchaseLookup: Sendable {
        func candidates(for line: ReconciliationLine, on day: PacificDay) async throws -> [String]
    }

    /// How many days of SALES rows calibrate the proceeds a financial reconciliation estimates.
    public static let calibrationDays = 90

    package let store: any ReportStore
    package let lookup: (any LostPurchaseLookup)?
    package let metrics: ReconciliationMetrics?
    /// The commission rules (the Small Business Program setting) before calibration.
    package let estimator: ProceedsEstimator
    package let now: any WallClock

    public init(
        store: any ReportStore, lookup: (any LostPurchaseLookup)? = nil, metrics: ReconciliationMetrics? = nil,
        estimator: ProceedsEstimator = ProceedsEstimator(), now: any WallClock
    ) {
        self.store = store
        self.lookup = lookup
        self.metrics = metrics
        self.estimator = estimator
        self.now = now
    }

    /// Reconciles the vendor's `report` of `date` (a `YYYY-MM-DD` day; a `YYYY-MM` fiscal month
    /// for FINANCE_DETAIL) and stores the run. Throws ``ReconciliationError/Code/noReport`` when
    /// the report is not imported.
    @discardableResult
    public func reconcile(vendorNumber: String, report: ReconciledReport, date: String) async throws -> ReconciliationRun {
        switch report {
        case .sales, .subscriptionEvent:
            guard let day = PacificDay(iso: date) else { throw ReconciliationError(.noReport, "\(date) is not a YYYY-MM-DD day") }
            return report == .sales
                ? try await reconcile(vendorNumber: vendorNumber, day: day)
                : try await reconcileSubscriptionEvents(vendorNumber: vendorNumber, day: day)
        case .financeDetail:
            guard let month = AppleFiscalMonth(iso: date) else {
                throw ReconciliationError(.noReport, "\(date) is not a YYYY-MM fiscal month")
            }
            return try await reconcileFinance(vendorNumber: vendorNumber, month: month)
        }
    }

    /// Reconciles the SALES SUMMARY report of `day` and stores the run.
    @discardableResult
    public func reconcile(vendorNumber: String, day: PacificDay) async throws -> ReconciliationRun {
        let report = try await current(.sales, vendorNumber: vendorNumber, date: day.description)
        let lines = try await salesLines(vendorNumber: vendorNumber, day: day, transactions: dayTransactions(day))
        return try await finish(ReconciledReport.sales, vendorNumber, day.description, report, lines, day: day)
    }

    /// The current file of the vendor's `report` of `date`, or ``ReconciliationError/Code/noReport``.
    package func current(_ report: ReconciledReport, vendorNumber: String, date: String) async throws -> ReportFile {
        guard let file = try await store.currentReport(report.key(vendorNumber: vendorNumber, date: date)) else {
            throw ReconciliationError(.noReport, "no \(report.rawValue) report of \(date) for vendor \(vendorNumber) is imported")
        }
        return file
    }

    /// Asks the lookup about the lines Apple counts and Storekeeper lacks (not refunds), then
    /// stores the run and records it.
    package func finish(
        _ report: ReconciledReport, _ vendorNumber: String, _ date: String, _ file: ReportFile, _ lines: [ReconciliationLine],
        day: PacificDay
    ) async throws -> ReconciliationRun {
        let run = try await prepare(report, vendorNumber, date, file, lines, day: day)
        try await store.saveReconciliation(run)
        metrics?.recorded(run)
        return run
    }

    /// The run of `lines`, each line Apple counts and Storekeeper lacks (not refunds) with what
    /// the lookup found for it; not stored.
    package func prepare(
        _ report: ReconciledReport, _ vendorNumber: String, _ date: String, _ file: ReportFile, _ lines: [ReconciliationLine],
        day: PacificDay
    ) async throws -> ReconciliationRun {
        var lines = lines
        if let lookup {
            for index in lines.indices where lines[index].outcome == .missingInStorekeeper && lines[index].reportUnits > 0 {
                lines[index].candidates = try await lookup.candidates(for: lines[index], on: lines[index].transactionDay ?? day)
            }
        }
        return ReconciliationRun(
            vendorNumber: vendorNumber, reportType: report.rawValue, reportDate: date, ranAt: now(), reportSHA256: file.sha256,
            lines: lines)
    }
}

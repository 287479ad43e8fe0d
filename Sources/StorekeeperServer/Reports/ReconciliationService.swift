public import AppStoreModels
public import Storekeeper

/// Reconciles a vendor's Pacific day: the imported SALES SUMMARY rows against Storekeeper's
/// production transactions (``Reconciler``), asks the lost-purchase lookup about what Apple
/// counts and Storekeeper lacks, stores the run (replacing the day's earlier one) and records
/// the metrics.
///
/// Reports are per vendor account while transactions are not per app: one Storekeeper database
/// should serve the apps of one vendor (another vendor's sales show as missing in the report).
public struct ReconciliationService: Sendable {
    /// Looks for the purchases behind a `missingInStorekeeper` line and names what it found or
    /// started (for example open orders of the product it asked Apple about).
    public protocol LostPurchaseLookup: Sendable {
        func candidates(for line: ReconciliationLine, on day: PacificDay) async throws -> [String]
    }

    let store: any ReportStore
    let lookup: (any LostPurchaseLookup)?
    let metrics: ReconciliationMetrics?
    let now: any WallClock

    public init(
        store: any ReportStore, lookup: (any LostPurchaseLookup)? = nil, metrics: ReconciliationMetrics? = nil,
        now: any WallClock
    ) {
        self.store = store
        self.lookup = lookup
        self.metrics = metrics
        self.now = now
    }

    /// Reconciles `day` and stores the run. Throws ``ReconciliationError/Code/noReport`` when
    /// the day's report is not imported.
    @discardableResult
    public func reconcile(vendorNumber: String, day: PacificDay) async throws -> ReconciliationRun {
        guard let report = try await store.currentReport(.dailySales(vendorNumber: vendorNumber, day: day)) else {
            throw ReconciliationError(.noReport, "no SALES SUMMARY report of \(day) for vendor \(vendorNumber) is imported")
        }
        let rows = try await store.salesLines(vendorNumber: vendorNumber, day: day)
        let transactions = try await store.transactionsBoughtOrRevoked(environment: .production, from: day.start, to: day.end)
        var lines = Reconciler.reconcile(day: day, report: rows, transactions: transactions)
        if let lookup {
            for index in lines.indices where lines[index].outcome == .missingInStorekeeper {
                lines[index].candidates = try await lookup.candidates(for: lines[index], on: day)
            }
        }
        let run = ReconciliationRun(vendorNumber: vendorNumber, day: day, ranAt: now(), reportSHA256: report.sha256, lines: lines)
        try await store.saveReconciliation(run)
        metrics?.recorded(run)
        return run
    }
}

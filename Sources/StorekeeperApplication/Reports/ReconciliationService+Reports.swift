import AppStoreModels
public import Storekeeper

/// SUBSCRIPTION_EVENT and FINANCE_DETAIL reconciliation.
extension ReconciliationService {
    /// Reconciles the SUBSCRIPTION_EVENT report of `day` (``Reconciler/reconcile(day:subscriptionEvents:transactions:)``)
    /// and stores the run. Subscriptions are named by product ID through the day's SALES file
    /// where it is imported.
    @discardableResult
    public func reconcileSubscriptionEvents(vendorNumber: String, day: PacificDay) async throws -> ReconciliationRun {
        let file = try await current(.subscriptionEvent, vendorNumber: vendorNumber, date: day.description)
        let sales = try await store.currentReport(.dailySales(vendorNumber: vendorNumber, day: day))
        let lines = try eventLines(day: day, file: file, sales: sales, transactions: try await dayTransactions(day))
        return try await finish(.subscriptionEvent, vendorNumber, day.description, file, lines, day: day)
    }

    /// Reconciles the FINANCE_DETAIL report of the fiscal `month` (``Reconciler/reconcile(month:finance:elsewhere:transactions:estimator:)``)
    /// with the neighbouring months' reports where imported, proceeds estimated by the commission
    /// rules calibrated with the last ``calibrationDays`` days of SALES rows, and stores the run.
    @discardableResult
    public func reconcileFinance(vendorNumber: String, month: AppleFiscalMonth) async throws -> ReconciliationRun {
        let file = try await current(.financeDetail, vendorNumber: vendorNumber, date: month.description)
        var rows = FinanceRows(service: self, vendorNumber: vendorNumber)
        return try await finish(
            .financeDetail, vendorNumber, month.description, file,
            try await financeLines(vendorNumber: vendorNumber, month: month, file: file, rows: &rows), day: month.last)
    }

    /// Reconciles the imported FINANCE_DETAIL reports of `months` (a month not imported is
    /// skipped) and stores their runs in one commit; each file is parsed once, though it is
    /// read again as its neighbours' context. Returns the runs in the order of `months`.
    @discardableResult
    public func reconcileFinance(vendorNumber: String, months: [AppleFiscalMonth]) async throws -> [ReconciliationRun] {
        var rows = FinanceRows(service: self, vendorNumber: vendorNumber)
        var runs: [ReconciliationRun] = []
        for month in months {
            let key = ReconciledReport.financeDetail.key(vendorNumber: vendorNumber, date: month.description)
            guard let file = try await store.currentReport(key) else { continue }
            let lines = try await financeLines(vendorNumber: vendorNumber, month: month, file: file, rows: &rows)
            runs.append(try await prepare(.financeDetail, vendorNumber, month.description, file, lines, day: month.last))
        }
        try await store.saveReconciliations(runs)
        for run in runs { metrics?.recorded(run) }
        return runs
    }

    private func financeLines(
        vendorNumber: String, month: AppleFiscalMonth, file: ReportFile, rows: inout FinanceRows
    ) async throws -> [ReconciliationLine] {
        let lines = try rows.parsed(file, month: month)
        var elsewhere: [ReportFinanceLine] = []
        for neighbour in [month.previous, month.next] { elsewhere += try await rows.rows(of: neighbour) }
        let first = min(month.first, lines.map(\.transactionDay).min() ?? month.first)
        let transactions = try await store.transactionsBoughtOrRevoked(
            environment: .production, from: first.start, to: month.last.end)
        var estimator = estimator
        estimator.calibrate(
            with: try await store.proceedsObservations(
                vendorNumber: vendorNumber, in: month.last.adding(days: -Self.calibrationDays)...month.last))
        return Reconciler.reconcile(
            month: month, finance: lines, elsewhere: elsewhere, transactions: transactions, estimator: estimator)
    }
}

/// FINANCE_DETAIL rows by fiscal month, each stored file parsed once: a month's reconciliation
/// reads its neighbours' rows too.
private struct FinanceRows {
    let service: ReconciliationService
    let vendorNumber: String
    private var byMonth: [AppleFiscalMonth: [ReportFinanceLine]] = [:]

    init(service: ReconciliationService, vendorNumber: String) {
        self.service = service
        self.vendorNumber = vendorNumber
    }

    mutating func parsed(_ file: ReportFile, month: AppleFiscalMonth) throws -> [ReportFinanceLine] {
        if let rows = byMonth[month] { return rows }
        let rows = try ReconciliationInputs.finance(file)
        byMonth[month] = rows
        return rows
    }

    /// The month's rows, or none when its report is not imported.
    mutating func rows(of month: AppleFiscalMonth) async throws -> [ReportFinanceLine] {
        if let rows = byMonth[month] { return rows }
        let key = ReconciledReport.financeDetail.key(vendorNumber: vendorNumber, date: month.description)
        let rows = try await service.store.currentReport(key).map(ReconciliationInputs.finance) ?? []
        byMonth[month] = rows
        return rows
    }
}

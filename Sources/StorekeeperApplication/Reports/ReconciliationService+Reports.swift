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
        let rows = try ReconciliationInputs.subscriptionEvents(file, productIds: try sales.map(ReconciliationInputs.productIds) ?? [:])
        let transactions = try await store.transactionsBoughtOrRevoked(environment: .production, from: day.start, to: day.end)
        let lines = Reconciler.reconcile(day: day, subscriptionEvents: rows, transactions: transactions)
        return try await finish(.subscriptionEvent, vendorNumber, day.description, file, lines, day: day)
    }

    /// Reconciles the FINANCE_DETAIL report of the fiscal `month` (``Reconciler/reconcile(month:finance:elsewhere:transactions:estimator:)``)
    /// with the neighbouring months' reports where imported, proceeds estimated by the commission
    /// rules calibrated with the last ``calibrationDays`` days of SALES rows, and stores the run.
    @discardableResult
    public func reconcileFinance(vendorNumber: String, month: AppleFiscalMonth) async throws -> ReconciliationRun {
        let file = try await current(.financeDetail, vendorNumber: vendorNumber, date: month.description)
        let rows = try ReconciliationInputs.finance(file)
        var elsewhere: [ReportFinanceLine] = []
        for neighbour in [month.previous, month.next] {
            let key = ReconciledReport.financeDetail.key(vendorNumber: vendorNumber, date: neighbour.description)
            if let other = try await store.currentReport(key) { elsewhere += try ReconciliationInputs.finance(other) }
        }
        let first = min(month.first, rows.map(\.transactionDay).min() ?? month.first)
        let transactions = try await store.transactionsBoughtOrRevoked(
            environment: .production, from: first.start, to: month.last.end)
        var estimator = estimator
        estimator.calibrate(
            with: try await store.proceedsObservations(
                vendorNumber: vendorNumber, in: month.last.adding(days: -Self.calibrationDays)...month.last))
        let lines = Reconciler.reconcile(
            month: month, finance: rows, elsewhere: elsewhere, transactions: transactions, estimator: estimator)
        return try await finish(.financeDetail, vendorNumber, month.description, file, lines, day: month.last)
    }
}

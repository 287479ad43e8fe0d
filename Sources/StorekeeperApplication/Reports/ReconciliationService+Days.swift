public import Storekeeper

/// Reconciling many days at once, as the report fetcher catches up and a year is reconciled.
extension ReconciliationService {
    /// How many days' runs one commit stores. On SQLite every commit makes the next reader drop
    /// its page cache and memory map, so a day-by-day commit made each day's read of its
    /// transactions map their pages again; a month's runs per commit keeps them mapped.
    public static let daysPerCommit = 31

    /// Reconciles the SALES SUMMARY and SUBSCRIPTION_EVENT reports of each day of `days` that
    /// are imported (a day with neither is skipped), reading the day's transactions once for
    /// both, and stores the runs a month of days per commit. Returns the runs in day order, a
    /// day's SALES run before its SUBSCRIPTION_EVENT run.
    @discardableResult
    public func reconcile(vendorNumber: String, days: ClosedRange<PacificDay>) async throws -> [ReconciliationRun] {
        var all: [ReconciliationRun] = []
        var pending: [ReconciliationRun] = []
        var day = days.lowerBound
        var daysPending = 0
        while day <= days.upperBound {
            pending += try await reconcileDay(vendorNumber: vendorNumber, day: day)
            daysPending += 1
            if daysPending == Self.daysPerCommit || day == days.upperBound {
                try await store.saveReconciliations(pending)
                for run in pending { metrics?.recorded(run) }
                all += pending
                pending = []
                daysPending = 0
            }
            day = day.adding(days: 1)
        }
        return all
    }

    /// The runs of `day`'s imported SALES and SUBSCRIPTION_EVENT reports, from one read of its
    /// transactions; not stored.
    private func reconcileDay(vendorNumber: String, day: PacificDay) async throws -> [ReconciliationRun] {
        let sales = try await store.currentReport(ReconciledReport.sales.key(vendorNumber: vendorNumber, date: day.description))
        let events = try await store.currentReport(
            ReconciledReport.subscriptionEvent.key(vendorNumber: vendorNumber, date: day.description))
        guard sales != nil || events != nil else { return [] }
        let transactions = try await dayTransactions(day)
        var runs: [ReconciliationRun] = []
        if let sales {
            let lines = try await salesLines(vendorNumber: vendorNumber, day: day, transactions: transactions)
            runs.append(try await prepare(.sales, vendorNumber, day.description, sales, lines, day: day))
        }
        if let events {
            let lines = try eventLines(day: day, file: events, sales: sales, transactions: transactions)
            runs.append(try await prepare(.subscriptionEvent, vendorNumber, day.description, events, lines, day: day))
        }
        return runs
    }

    /// The production transactions a reconciliation of `day` counts.
    package func dayTransactions(_ day: PacificDay) async throws -> [AppleTransaction] {
        try await store.transactionsBoughtOrRevoked(environment: .production, from: day.start, to: day.end)
    }

    /// `day`'s SALES rows against `transactions`.
    package func salesLines(
        vendorNumber: String, day: PacificDay, transactions: [AppleTransaction]
    ) async throws
        -> [ReconciliationLine]
    {
        Reconciler.reconcile(day: day, report: try await store.salesLines(vendorNumber: vendorNumber, day: day), transactions: transactions)
    }

    /// `day`'s SUBSCRIPTION_EVENT rows of `file` against `transactions`, subscriptions named by
    /// product ID through the day's SALES file `sales` where it is imported.
    package func eventLines(
        day: PacificDay, file: ReportFile, sales: ReportFile?, transactions: [AppleTransaction]
    ) throws
        -> [ReconciliationLine]
    {
        let rows = try ReconciliationInputs.subscriptionEvents(file, productIds: try sales.map(ReconciliationInputs.productIds) ?? [:])
        return Reconciler.reconcile(day: day, subscriptionEvents: rows, transactions: transactions)
    }
}

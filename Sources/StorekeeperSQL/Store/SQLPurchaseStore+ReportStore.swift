public import AppStoreModels
public import Storekeeper
public import StorekeeperStore

/// ``ReportStore`` on the same database and retry policy as the purchase store: each method is
/// one `write` or `read` transaction.
extension SQLPurchaseStore: ReportStore {
    public func importReport(_ file: ReportFile, salesLines: [ReportSalesLine]) async throws -> ReportImportOutcome {
        try await reportWrite { try await $0.importReport(file, salesLines: salesLines) }
    }

    public func currentReport(_ key: ReportKey) async throws -> ReportFile? {
        try await reportRead { try await $0.currentReport(key) }
    }

    public func importedSalesDays(vendorNumber: String, in days: ClosedRange<PacificDay>) async throws -> Set<PacificDay> {
        try await reportRead { try await $0.importedSalesDays(vendorNumber: vendorNumber, in: days) }
    }

    public func salesLines(vendorNumber: String, day: PacificDay) async throws -> [ReportSalesLine] {
        try await reportRead { try await $0.salesLines(vendorNumber: vendorNumber, day: day) }
    }

    public func transactionsBoughtOrRevoked(
        environment: AppStoreEnvironment, from start: Timestamp, to end: Timestamp
    ) async throws
        -> [AppleTransaction]
    {
        try await reportRead { try await $0.transactionsBoughtOrRevoked(environment: environment, from: start, to: end) }
    }

    public func saveReconciliations(_ runs: [ReconciliationRun]) async throws {
        guard !runs.isEmpty else { return }
        try await reportWrite { transaction in
            for run in runs { try await transaction.saveReconciliation(run) }
        }
    }

    public func reconciliation(vendorNumber: String, reportType: String, reportDate: String) async throws -> ReconciliationRun? {
        try await reportRead { try await $0.reconciliation(vendorNumber: vendorNumber, reportType: reportType, reportDate: reportDate) }
    }

    public func proceedsObservations(vendorNumber: String, in days: ClosedRange<PacificDay>) async throws -> [ProceedsObservation] {
        try await reportRead { try await $0.proceedsObservations(vendorNumber: vendorNumber, in: days) }
    }

    /// `write` with the SQL handle it always hands out.
    private func reportWrite<T>(_ body: (SQLStoreTransaction) async throws -> T) async throws -> T {
        try await write { transaction in
            guard let sqlTransaction = transaction as? SQLStoreTransaction else {
                throw SQLPurchaseStoreError(.invalidArgument, "the store handed out a transaction of another type")
            }
            return try await body(sqlTransaction)
        }
    }

    /// `read` with the SQL handle it always hands out.
    private func reportRead<T>(_ body: (SQLStoreReader) async throws -> T) async throws -> T {
        try await read { reader in
            guard let sqlReader = reader as? SQLStoreReader else {
                throw SQLPurchaseStoreError(.invalidArgument, "the store handed out a reader of another type")
            }
            return try await body(sqlReader)
        }
    }
}

/// With its reports, a store a composition root opens and migrates without naming the SQL layer.
extension SQLPurchaseStore: MigratingPurchaseStore {}

import AppStoreModels
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperSQL
import StorekeeperSQLite
import StorekeeperServer

/// A year of daily SALES and SUBSCRIPTION_EVENT reports and the FINANCE_DETAIL reports of its
/// fiscal months, for N transactions, imported and reconciled on a fresh SQLite database
/// (seeding the transactions is not timed). Fails if any report does not reconcile.
public struct ReconcileBenchmark: Sendable {
    let transactions: Int
    let days: Int

    public init(transactions: Int, days: Int) {
        self.transactions = transactions
        self.days = days
    }

    public func run() async throws {
        guard transactions > 0, (1...3650).contains(days) else {
            throw BenchmarkUsageError("--transactions > 0, --days 1...3650")
        }
        let logger = Logger(label: "storekeeper.benchmark", factory: { _ in SwiftLogNoOpLogHandler() })
        let vendor = "85000000"
        guard let first = PacificDay(year: 2025, month: 1, day: 1), let fallback = CustomerID(rawValue: "benchmark") else {
            throw BenchmarkFailure("the benchmark's constant day or customer is invalid")
        }
        let database = try await SQLiteDatabase.temporary(logger: logger)
        let store = SQLPurchaseStore(database: database, logger: logger)
        try await store.migrate()

        let clock = ContinuousClock()
        var started = clock.now
        let data = ReconcileBenchmarkData(transactions: transactions, first: first, days: days)
        for batch in stride(from: 0, to: data.transactions.count, by: 10_000) {
            let slice = data.transactions[batch..<min(batch + 10_000, data.transactions.count)]
            try await store.write { tx in
                for (offset, transaction) in slice.enumerated() {
                    let owner = CustomerID(rawValue: "c\((batch + offset) % 100_000)") ?? fallback
                    _ = try await tx.upsertTransaction(transaction, customerId: owner, orderId: nil)
                }
            }
        }
        let files = data.reports(vendorNumber: vendor) + data.subscriptionEventReports(vendorNumber: vendor)
        let finance = data.financeReports()
        let seeding = clock.now - started

        started = clock.now
        let importer = ReportImporter(store: store, now: SystemClock())
        var rows = 0
        for file in files {
            rows += try await importer.importFile(file.bytes, name: file.name).rowCount
        }
        for file in finance {
            rows += try await importer.importFile(file.bytes, name: nil, vendorNumber: vendor, reportDate: file.month.description).rowCount
        }
        let imported = clock.now - started
        started = clock.now
        let service = ReconciliationService(store: store, now: SystemClock())
        var matched = 0
        var discrepancies: [String] = []
        var runs = 0
        func count(_ run: ReconciliationRun) {
            runs += 1
            matched += run.counts[.matched] ?? 0
            if !run.discrepancies.isEmpty { discrepancies.append("\(run.reportType) \(run.reportDate): \(run.discrepancies.count)") }
        }
        for run in try await service.reconcile(vendorNumber: vendor, days: first...first.adding(days: days)) { count(run) }
        let daily = clock.now - started
        let financeStarted = clock.now
        for run in try await service.reconcileFinance(vendorNumber: vendor, months: finance.map(\.month)) { count(run) }
        let reconciled = clock.now - started
        let financial = clock.now - financeStarted
        await database.close()
        let reportCount = files.count + finance.count
        print("seeded \(transactions) transactions and generated \(reportCount) reports (\(rows) rows) in \(seeding) (not timed)")
        print("import:    \(reportCount) files (daily SALES and SUBSCRIPTION_EVENT, \(finance.count) FINANCE_DETAIL) in \(imported)")
        print("reconcile: \(runs) reports in \(reconciled): \(matched) lines matched, \(discrepancies.count) reports with discrepancies")
        print("           daily SALES and SUBSCRIPTION_EVENT in \(daily), FINANCE_DETAIL in \(financial)")
        print("total:     \(imported + reconciled)")
        if !discrepancies.isEmpty {
            throw BenchmarkFailure("discrepancies where none were expected: " + discrepancies.prefix(5).joined(separator: "; "))
        }
    }
}

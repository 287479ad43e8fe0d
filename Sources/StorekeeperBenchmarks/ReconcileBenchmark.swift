import AppStoreModels
import Foundation
import Logging
import Storekeeper
import StorekeeperSQL
import StorekeeperSQLite
import StorekeeperServer

/// A year of daily SALES reports for N transactions, imported and reconciled on a fresh SQLite
/// database (seeding the transactions is not timed). Fails if any day does not reconcile.
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
        let files = data.reports(vendorNumber: vendor)
        let seeding = clock.now - started

        started = clock.now
        let importer = ReportImporter(store: store, now: SystemClock())
        var rows = 0
        for file in files {
            rows += try await importer.importFile(file.bytes, name: file.name).rowCount
        }
        let imported = clock.now - started
        started = clock.now
        let service = ReconciliationService(store: store, now: SystemClock())
        var matched = 0
        var discrepancies = 0
        for offset in 0..<(days + 1) {
            let day = first.adding(days: offset)
            guard try await store.currentReport(.dailySales(vendorNumber: vendor, day: day)) != nil else { continue }
            let run = try await service.reconcile(vendorNumber: vendor, day: day)
            matched += run.counts[.matched] ?? 0
            discrepancies += run.discrepancies.count
        }
        let reconciled = clock.now - started
        await database.close()
        print("seeded \(transactions) transactions and generated \(files.count) daily reports (\(rows) rows) in \(seeding) (not timed)")
        print("import:    \(files.count) files in \(imported)")
        print("reconcile: \(files.count) days in \(reconciled): \(matched) lines matched, \(discrepancies) discrepancies")
        print("total:     \(imported + reconciled)")
        if discrepancies > 0 { throw BenchmarkFailure("\(discrepancies) discrepancies where none were expected") }
    }
}

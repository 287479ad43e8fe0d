import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore
import StorekeeperTesting
import Testing

@testable import StorekeeperSQL

/// How long the reads behind `GET /customers/{id}` take with many customers stored, on SQLite and
/// (when configured) PostgreSQL, with each query's plan. Off by default; run with e.g.
/// `STOREKEEPER_STORE_BENCHMARK_CUSTOMERS=1000000 swift test --filter StoreReadBenchmark`
/// (a release build gives the production numbers).
@Suite("SQLPurchaseStore read benchmark")
struct StoreReadBenchmark {
    static let customers = ProcessInfo.processInfo.environment["STOREKEEPER_STORE_BENCHMARK_CUSTOMERS"].flatMap { Int($0) }

    @Test(
        .enabled(if: customers != nil, "set STOREKEEPER_STORE_BENCHMARK_CUSTOMERS to run"),
        arguments: StoreTestBackend.available)
    func customerPageReads(_ backend: StoreTestBackend) async throws {
        let count = try #require(Self.customers)
        try await backend.withStore { database throws in
            let store = database.store
            let loading = ContinuousClock.now
            try await StoreBenchmarkData.load(customers: count, into: store.database)
            print("[\(backend)] loaded \(count) customers in \(ContinuousClock.now - loading)")
            print(try await StoreBenchmarkData.plans(store.database, customer: "customer-\(count / 2)"))

            let sample = try await store.read { try await StoreBenchmarkData.customerPage($0, "customer-\(count / 2)") }
            #expect(sample.customer != nil)
            #expect(sample.grants == 1 && sample.balances == 1 && sample.transactions == 3 && sample.subscriptions == 1)
            print("[\(backend)] " + (try await StoreBenchmarkData.measure(store: store, customers: count)))
        }
    }
}

/// Synthetic data and the measurement, shared with ad-hoc release-mode runs.
enum StoreBenchmarkData {
    struct Page {
        var customer: Customer?
        var grants: Int
        var balances: Int
        var transactions: Int
        var subscriptions: Int
    }

    /// The five reads of the customer page, in one read transaction.
    static func customerPage(_ tx: any PurchaseStoreReader, _ name: String) async throws -> Page {
        let id = CustomerID(rawValue: name)!
        return Page(
            customer: try await tx.customer(id), grants: try await tx.grants(customerId: id).count,
            balances: try await tx.balances(customerId: id).count,
            transactions: try await tx.transactions(customerId: id, limit: 20).count,
            subscriptions: try await tx.subscriptions(customerId: id).count)
    }

    /// Per customer: the customer, a consumable purchase, two subscription periods, the
    /// subscription, a grant, a wallet account with its credit entry.
    static func load(customers: Int, into database: any SQLDatabase) async throws {
        let emptyJSON = database.dialect.kind == .sqlite ? "X'7B7D'" : "'\\x7b7d'::bytea"
        let sequence = "WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < \(customers)) "
        let statements = [
            "INSERT INTO customers (id, created_at, consumption_consent) SELECT 'customer-' || i, 1750000000000 + i, 0 FROM seq",
            """
            INSERT INTO transactions (environment, transaction_id, original_transaction_id, product_id, product_type,
                purchase_date, quantity, is_upgraded, price, currency, storefront, signed_date, source, customer_id,
                recorded_at, updated_at)
            SELECT 'Production', 'c' || i, 'c' || i, 'coins.100', 'Consumable', 1750000000000 + i, 1, 0, 990, 'USD',
                'USA', 1750000000000 + i, 'storekit2', 'customer-' || i, 1750000000000, 1750000000000 FROM seq
            """,
            """
            INSERT INTO transactions (environment, transaction_id, original_transaction_id, web_order_line_item_id,
                product_id, product_type, subscription_group_identifier, purchase_date, expires_date, quantity,
                is_upgraded, price, currency, storefront, signed_date, source, customer_id, recorded_at, updated_at)
            SELECT 'Production', 's' || i || '-' || p.n, 's' || i, 'w' || i || '-' || p.n, 'pro.monthly',
                'Auto-Renewable Subscription', 'group.pro', 1750000000000 + p.n * 2592000000,
                1750000000000 + (p.n + 1) * 2592000000, 1, 0, 4990, 'USD', 'USA', 1750000000000 + p.n * 2592000000,
                'notification', 'customer-' || i, 1750000000000, 1750000000000
            FROM seq CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1) p
            """,
            """
            INSERT INTO subscriptions (environment, original_transaction_id, customer_id, product_id, subscription_group,
                phase, expires_at, last_signed_date, state, updated_at)
            SELECT 'Production', 's' || i, 'customer-' || i, 'pro.monthly', 'group.pro', 'active',
                1750000000000 + 2 * 2592000000 + i, 1750000000000, \(emptyJSON), 1750000000000 FROM seq
            """,
            """
            INSERT INTO grants (customer_id, ordinal, entitlement, product_id, environment, original_transaction_id,
                transaction_id, starts_at, expires_at)
            SELECT 'customer-' || i, 0, 'pro', 'pro.monthly', 'Production', 's' || i, 's' || i || '-1', 1750000000000,
                1750000000000 + 2 * 2592000000 FROM seq
            """,
            """
            INSERT INTO ledger_accounts (name, slot, kind, customer_id, currency, balance, updated_at)
            SELECT 'customer:customer-' || i || ':gems', 0, 'customer', 'customer-' || i, 'gems', 100, 1750000000000 FROM seq
            """,
            """
            INSERT INTO journal_entries (idempotency_key, kind, customer_id, currency, created_at)
            SELECT 'credit:Production:c' || i || ':gems', 'credit', 'customer-' || i, 'gems', 1750000000000 FROM seq
            """,
            """
            INSERT INTO ledger_postings (entry_id, ordinal, account, customer_id, amount, created_at)
            SELECT e.id, 0, 'customer:' || e.customer_id || ':gems', e.customer_id, 100, 1750000000000 FROM journal_entries e
            """,
            """
            INSERT INTO ledger_postings (entry_id, ordinal, account, customer_id, amount, created_at)
            SELECT e.id, 1, 'issued:gems', NULL, -100, 1750000000000 FROM journal_entries e
            """,
            """
            INSERT INTO ledger_accounts (name, slot, kind, customer_id, currency, balance, updated_at)
            VALUES ('issued:gems', 0, 'issued', NULL, 'gems', -100 * \(customers), 1750000000000)
            """,
        ]
        for statement in statements {
            let sql =
                statement.hasPrefix("INSERT INTO ledger_postings") || statement.contains("VALUES ('issued")
                ? statement : sequence + statement
            try await database.write { tx in try await tx.execute(sql) }
        }
        try await database.write { tx in try await tx.execute("ANALYZE") }
    }

    /// Each page query's plan for one customer.
    static func plans(_ database: any SQLDatabase, customer: String) async throws -> String {
        let explain = database.dialect.kind == .sqlite ? "EXPLAIN QUERY PLAN " : "EXPLAIN "
        let column = database.dialect.kind == .sqlite ? 3 : 0
        let statements: [(String, String, [SQLValue])] = [
            ("customer", CustomerRows.select, [.text(customer)]),
            ("grants", GrantRows.select, [.text(customer)]),
            ("balances", LedgerRows.customerBalances, [.text(customer)]),
            ("transactions", TransactionRows.byCustomer, [.text(customer), 20]),
            ("subscriptions", SubscriptionRows.byCustomer, [.text(customer)]),
        ]
        var lines: [String] = []
        for (name, sql, binds) in statements {
            let plan = try await database.read { tx in try await tx.query(explain + sql, binds).map { try $0.string(column) } }
            lines.append("\(name): " + plan.joined(separator: " | "))
        }
        return lines.joined(separator: "\n")
    }

    /// Latency of one page read at a time, then throughput with many concurrent readers.
    static func measure(store: SQLPurchaseStore, customers: Int, seconds: Double = 5) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {  // warm the caches
            _ = try await store.read { try await customerPage($0, "customer-\(Int.random(in: 1...customers, using: &generator))") }
        }
        var latencies: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<20_000 {
            let name = "customer-\(Int.random(in: 1...customers, using: &generator))"
            let started = clock.now
            let page = try await store.read { try await customerPage($0, name) }
            latencies.append(clock.now - started)
            precondition(page.customer != nil)
        }
        latencies.sort()
        func percentile(_ p: Double) -> Duration { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }

        var lines = [
            "customer page read (customer + grants + balances + transactions(limit 20) + subscriptions), \(customers) customers:",
            "  sequential: p50 \(percentile(0.5)), p90 \(percentile(0.9)), p99 \(percentile(0.99)), max \(percentile(1))",
        ]
        for concurrency in [4, 16, 64] {
            let deadline = clock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
            let started = clock.now
            let total = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<concurrency {
                    group.addTask {
                        var done = 0
                        var generator = SystemRandomNumberGenerator()
                        while ContinuousClock.now < deadline {
                            _ = try await store.read {
                                try await customerPage($0, "customer-\(Int.random(in: 1...customers, using: &generator))")
                            }
                            done += 1
                        }
                        return done
                    }
                }
                return try await group.reduce(0, +)
            }
            let elapsed = clock.now - started
            let perSecond = Double(total) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            lines.append("  \(concurrency) concurrent readers: \(Int(perSecond)) pages/s")
        }
        return lines.joined(separator: "\n")
    }
}

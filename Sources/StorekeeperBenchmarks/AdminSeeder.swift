import AppStoreModels
import Foundation
import Logging
import Storekeeper
import StorekeeperSQL
import StorekeeperSQLite

/// Adds to a ``CustomerSeeder`` file what the operators' routes read, by bulk SQL over the same
/// customer numbers `n`:
/// - a guest `guest:g%07d` merged into every tenth customer (an alias to search for);
/// - one delivered order per customer, ID and `appAccountToken` `%08x-0000-4000-8000-%012x` of `n`;
/// - the two consumable credits behind the 200-gem balance (journal entries and postings);
/// - four audit events (three purchases recorded, one grant from a notification) and that
///   notification in the inbox (app `bench`);
/// - each subscription's lifecycle state as the lifecycle encodes it (from a template), with its
///   renewal preference columns.
/// A marker file `<path>.admin` records a finished seed so later runs reuse the file.
struct AdminSeeder {
    let path: String
    let count: Int
    let logger: Logger
    var chunk = 100_000

    var markerPath: String { path + ".admin" }

    var isSeeded: Bool {
        (try? String(contentsOfFile: markerPath, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            == String(count) && FileManager.default.fileExists(atPath: path)
    }

    func seed(progress: (String) -> Void) async throws {
        try? FileManager.default.removeItem(atPath: markerPath)
        let customers = CustomerSeeder(path: path, count: count, logger: logger)
        if !customers.isSeeded { try await customers.seed(progress: progress) }
        let template = try Self.stateTemplate()
        let database = try await SQLiteDatabase.open(path: path, logger: logger)
        do {
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            var first = 1
            while first <= count {
                let last = min(count, first + chunk - 1)
                try await database.write { tx in
                    let binds: [SQLValue] = [.integer(Int64(first)), .integer(Int64(last)), .integer(now)]
                    for statement in Self.statements { try await tx.execute(statement, binds) }
                    try await tx.execute(Self.states, binds + [.text(template)])
                }
                progress("seeded operator data of customers \(first)...\(last)")
                first = last + 1
            }
        } catch {
            await database.close()
            throw error
        }
        await database.close()
        try String(count).write(toFile: markerPath, atomically: true, encoding: .utf8)
    }

    /// Customer `n`'s order ID.
    static func orderId(_ n: Int) -> String { String(format: "%08x-0000-4000-8000-%012x", n, n) }
    /// Customer `n`'s first consumable transaction, its subscription (original transaction), and
    /// the subscription's paid period.
    static func consumable(_ n: Int) -> String { String(4_000_000_000_000_000 + n * 4) }
    static func subscription(_ n: Int) -> String { String(4_000_000_000_000_000 + n * 4 + 2) }
    static func paidPeriod(_ n: Int) -> String { String(5_000_000_000_000_000 + n) }

    static let placeholder = "9999999999999999"

    /// A subscription's state as the lifecycle encodes it (sorted keys), for the original
    /// transaction ``placeholder``: the seeded statement writes each subscription's own ID in.
    static func stateTemplate() throws -> String {
        let now = Timestamp(Date())
        let transaction = AppleTransaction(
            environment: .production, transactionId: placeholder, originalTransactionId: placeholder,
            webOrderLineItemId: "5999999999999999", productId: BenchmarkStack.proMonthly,
            productType: .autoRenewableSubscription, subscriptionGroupIdentifier: BenchmarkStack.subscriptionGroup,
            purchaseDate: now.adding(milliseconds: -CustomerSeeder.day), expiresDate: now.adding(milliseconds: 29 * CustomerSeeder.day),
            price: 9990, currency: "USD", storefront: "USA", signedDate: now.adding(milliseconds: -CustomerSeeder.day),
            source: .notification)
        let renewal = RenewalInfo(
            environment: .production, originalTransactionId: placeholder, productId: BenchmarkStack.proMonthly,
            autoRenewProductId: BenchmarkStack.proMonthly, autoRenewEnabled: true, signedDate: transaction.signedDate,
            source: .notification)
        let fact = SubscriptionFact(
            environment: .production, originalTransactionId: placeholder, signedDate: transaction.signedDate,
            transaction: transaction, renewalInfo: renewal, source: .notification)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(SubscriptionLifecycle.apply(fact, to: nil).state), as: UTF8.self)
    }

    static let counter = CustomerSeeder.counter
    static let day = CustomerSeeder.day
    static let customer = "printf('c%07d', n)"
    static let uuid = "printf('%08x-0000-4000-8000-%012x', n, n)"

    static let statements = [
        """
        \(counter)
        INSERT INTO customers (id, created_at, merged_into, play_time_minutes, consumption_consent)
        SELECT printf('guest:g%07d', n), $3 - 91 * \(day), \(customer), NULL, 0 FROM seq WHERE n % 10 = 0
        """,
        """
        \(counter)
        INSERT INTO orders (id, customer_id, product_id, quantity, state, app_account_token, created_at, updated_at,
            expires_at, environment, transaction_id, bonus_currency, bonus_amount, failure_code)
        SELECT \(uuid), \(customer), '\(BenchmarkStack.gems)', 1, 'delivered', \(uuid), $3 - 3 * \(day), $3 - 3 * \(day),
            $3 - 3 * \(day) + 3600000, 'Production', CAST(4000000000000000 + n * 4 AS TEXT), NULL, 0, NULL
        FROM seq
        """,
        """
        \(counter), kinds(k) AS (SELECT 0 UNION ALL SELECT 1)
        INSERT INTO journal_entries (id, idempotency_key, kind, customer_id, currency, created_at, reference, memo)
        SELECT n * 2 + k, 'credit:Production:' || CAST(4000000000000000 + n * 4 + k AS TEXT), 'credit', \(customer), 'gems',
            $3 - (3 - k) * \(day), 'Production:' || CAST(4000000000000000 + n * 4 + k AS TEXT), NULL
        FROM seq, kinds ORDER BY n, k
        """,
        """
        \(counter), kinds(k) AS (SELECT 0 UNION ALL SELECT 1), sides(s) AS (SELECT 0 UNION ALL SELECT 1)
        INSERT INTO ledger_postings (entry_id, ordinal, account, customer_id, amount, created_at)
        SELECT n * 2 + k, s, CASE s WHEN 0 THEN 'customer:' || \(customer) || ':gems' ELSE 'issued:gems' END,
            CASE s WHEN 0 THEN \(customer) END, CASE s WHEN 0 THEN 100 ELSE -100 END, $3 - (3 - k) * \(day)
        FROM seq, kinds, sides ORDER BY n, k, s
        """,
        """
        \(counter), kinds(k) AS (SELECT 0 UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3)
        INSERT INTO audit_events (id, customer_id, kind, actor, subject, fact, details, created_at)
        SELECT printf('%08x-%04x-4000-8000-%012x', n, k, n), \(customer),
            CASE k WHEN 3 THEN 'entitlement.granted' ELSE 'purchase.recorded' END,
            CASE k WHEN 3 THEN 'apple' ELSE 'client' END,
            CASE k WHEN 3 THEN 'premium' ELSE 'Production:' || CAST(4000000000000000 + n * 4 + k AS TEXT) END,
            CASE k WHEN 3 THEN 'notification:' || \(uuid)
                ELSE 'transaction:Production:' || CAST(4000000000000000 + n * 4 + k AS TEXT) END,
            '{}', $3 - (3 - MIN(k, 2)) * \(day) + k
        FROM seq, kinds ORDER BY n, k
        """,
        """
        \(counter)
        INSERT INTO inbox (id, app_id, version, body, received_at, status, attempts, last_error, notification_type,
            subtype, signed_date, processed_at)
        SELECT \(uuid), '\(BenchmarkStack.appId)', 2, X'7B7D', $3 - \(day), 'processed', 1, NULL, 'SUBSCRIBED',
            'INITIAL_BUY', $3 - \(day), $3 - \(day)
        FROM seq
        """,
    ]

    /// `$4` the template: each subscription's own ID written in.
    static let states = """
        \(counter)
        UPDATE subscriptions SET state = CAST(replace($4, '\(placeholder)', original_transaction_id) AS BLOB),
            auto_renew_status = 1, auto_renew_product_id = product_id, updated_at = $3
        WHERE customer_id IN (SELECT \(customer) FROM seq)
        """
}

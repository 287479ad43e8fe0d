import Foundation
import Logging
import StorekeeperSQL
import StorekeeperSQLite

/// Fills a Storekeeper SQLite file with `count` customers using bulk `INSERT ... SELECT` over a
/// recursive counter (no per-row round trips): about a minute for a million customers. Customer
/// `n` is `c%07d`, with
/// - two consumable purchases (100 gems each) and one monthly subscription purchase
///   (3 `transactions` rows, 3 `transaction_owners` rows),
/// - the subscription (`subscriptions`, phase `active`, expiring in 30 days),
/// - two entitlement grants (`premium`, `pro`),
/// - a 200-gem wallet balance (`ledger_accounts`).
/// The ledger's journal is not seeded (the customer read path never reads it), and the
/// subscription's lifecycle state holds no facts (a decodable minimum): the file is for read benchmarks.
/// A marker file `<path>.seeded` records a finished seed so later runs reuse the file.
struct CustomerSeeder {
    let path: String
    let count: Int
    let logger: Logger
    var chunk = 100_000

    var markerPath: String { path + ".seeded" }

    /// Whether a finished seed of `count` customers is already there.
    var isSeeded: Bool {
        (try? String(contentsOfFile: markerPath, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            == String(count) && FileManager.default.fileExists(atPath: path)
    }

    func seed(progress: (String) -> Void) async throws {
        for suffix in ["", "-wal", "-shm", ".seeded"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let database = try await SQLiteDatabase.open(path: path, logger: logger)
        do {
            try await SQLPurchaseStore(database: database, logger: logger).migrate()
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            var first = 1
            while first <= count {
                let last = min(count, first + chunk - 1)
                try await database.write { tx in
                    for statement in Self.statements {
                        try await tx.execute(statement, [.integer(Int64(first)), .integer(Int64(last)), .integer(now)])
                    }
                }
                progress("seeded customers \(first)...\(last)")
                first = last + 1
            }
        } catch {
            await database.close()
            throw error
        }
        await database.close()
        try String(count).write(toFile: markerPath, atomically: true, encoding: .utf8)
    }

    /// `$1`...`$2` the customer numbers, `$3` now (ms).
    static let counter = "WITH RECURSIVE seq(n) AS (SELECT $1 UNION ALL SELECT n + 1 FROM seq WHERE n < $2)"
    static let day: Int64 = 86_400_000

    static let statements = [
        """
        \(counter)
        INSERT INTO customers (id, created_at, merged_into, play_time_minutes, consumption_consent)
        SELECT printf('c%07d', n), $3 - 90 * \(day), NULL, NULL, 0 FROM seq
        """,
        // k = 0, 1: consumables; k = 2: the subscription's first period.
        """
        \(counter), kinds(k) AS (SELECT 0 UNION ALL SELECT 1 UNION ALL SELECT 2)
        INSERT INTO transactions (environment, transaction_id, original_transaction_id, web_order_line_item_id,
            product_id, product_type, subscription_group_identifier, purchase_date, original_purchase_date,
            expires_date, quantity, app_account_token, ownership_type, revocation_date, revocation_reason, is_upgraded,
            offer_type, offer_identifier, offer_discount_type, offer_period, price, currency, storefront,
            transaction_reason, signed_date, source, customer_id, order_id, recorded_at, updated_at)
        SELECT 'Production', CAST(4000000000000000 + n * 4 + k AS TEXT), CAST(4000000000000000 + n * 4 + k AS TEXT),
            CASE k WHEN 2 THEN CAST(5000000000000000 + n AS TEXT) END,
            CASE k WHEN 2 THEN 'com.example.pro.monthly' ELSE 'com.example.gems.100' END,
            CASE k WHEN 2 THEN 'Auto-Renewable Subscription' ELSE 'Consumable' END,
            CASE k WHEN 2 THEN '21421808' END,
            $3 - (3 - k) * \(day), $3 - (3 - k) * \(day),
            CASE k WHEN 2 THEN $3 + 29 * \(day) END,
            1, NULL, 'PURCHASED', NULL, NULL, 0, NULL, NULL, NULL, NULL,
            CASE k WHEN 2 THEN 9990 ELSE 990 END, 'USD', 'USA', 'PURCHASE', $3 - (3 - k) * \(day), 'storekit2',
            printf('c%07d', n), NULL, $3 - (3 - k) * \(day), $3 - (3 - k) * \(day)
        FROM seq, kinds ORDER BY n, k
        """,
        """
        \(counter), kinds(k) AS (SELECT 0 UNION ALL SELECT 1 UNION ALL SELECT 2)
        INSERT INTO transaction_owners (environment, original_transaction_id, customer_id, updated_at)
        SELECT 'Production', CAST(4000000000000000 + n * 4 + k AS TEXT), printf('c%07d', n), $3 FROM seq, kinds
        ORDER BY n, k
        """,
        """
        \(counter)
        INSERT INTO subscriptions (environment, original_transaction_id, customer_id, product_id, subscription_group,
            phase, expires_at, last_signed_date, state, updated_at)
        SELECT 'Production', CAST(4000000000000000 + n * 4 + 2 AS TEXT), printf('c%07d', n), 'com.example.pro.monthly',
            '21421808', 'active', $3 + 29 * \(day), $3 - \(day),
            CAST(printf('{"environment":"Production","originalTransactionId":"%d","transactions":{},"extensions":{}}',
                4000000000000000 + n * 4 + 2) AS BLOB), $3 FROM seq
        """,
        """
        \(counter), kinds(k) AS (SELECT 0 UNION ALL SELECT 1)
        INSERT INTO grants (customer_id, ordinal, entitlement, product_id, environment, original_transaction_id,
            transaction_id, starts_at, expires_at)
        SELECT printf('c%07d', n), k, CASE k WHEN 0 THEN 'premium' ELSE 'pro' END, 'com.example.pro.monthly',
            'Production', CAST(4000000000000000 + n * 4 + 2 AS TEXT), CAST(4000000000000000 + n * 4 + 2 AS TEXT),
            $3 - \(day), $3 + 29 * \(day)
        FROM seq, kinds ORDER BY n, k
        """,
        """
        \(counter)
        INSERT INTO ledger_accounts (name, slot, kind, customer_id, currency, balance, updated_at)
        SELECT 'customer:' || printf('c%07d', n) || ':gems', 0, 'customer', printf('c%07d', n), 'gems', 200, $3 FROM seq
        """,
    ]
}

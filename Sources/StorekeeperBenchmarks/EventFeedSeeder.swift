import Foundation
import Logging
import StorekeeperSQL
import StorekeeperSQLite

/// Fills a fresh Storekeeper SQLite file with `count` feed events in the stream of an app's
/// customers (`stream`), with one bulk `INSERT ... SELECT` over a recursive counter per chunk (no
/// per-row round trips): a million events in seconds. Event `n` is a `purchase.recorded` of
/// customer `c%07d` (`n` modulo 100,000) one second after event `n - 1`, with the details a real
/// purchase event carries, so each line read back is of a realistic size (about 400 bytes).
struct EventFeedSeeder {
    let path: String
    let count: Int
    let stream: String
    let appId: String
    let logger: Logger
    var chunk = 100_000

    func seed() async throws {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let database = try await SQLiteDatabase.open(path: path, logger: logger)
        do {
            try await SQLPurchaseStore(database: database, logger: logger).migrate()
            let start = Int64(Date().timeIntervalSince1970 * 1000) - Int64(count) * 1000
            var first = 1
            while first <= count {
                let last = min(count, first + chunk - 1)
                try await database.write { tx in
                    try await tx.execute(
                        Self.insert,
                        [.integer(Int64(first)), .integer(Int64(last)), .integer(start), .text(stream), .text(appId)])
                }
                first = last + 1
            }
        } catch {
            await database.close()
            throw error
        }
        await database.close()
    }

    /// `$1`...`$2` the event numbers, `$3` the first event's time (ms), `$4` the stream, `$5` the
    /// app. The body is `FeedEvent`'s JSON, built in SQL.
    static let insert = """
        WITH RECURSIVE seq(n) AS (SELECT $1 UNION ALL SELECT n + 1 FROM seq WHERE n < $2)
        INSERT INTO feed_events (stream, event_id, occurred_at, body)
        SELECT $4, 'bench-' || n, $3 + n * 1000,
            '{"id":"bench-' || n || '","type":"purchase.recorded","occurredAt":' || ($3 + n * 1000)
            || ',"customerId":"c' || printf('%07d', n % 100000) || '","appId":"' || $5
            || '","actor":"apple","subject":"transaction:Production:' || (2000000000000000 + n)
            || '","fact":"transaction:Production:' || (2000000000000000 + n)
            || '","details":{"environment":"Production","productId":"com.example.pro.monthly","transactionId":"'
            || (2000000000000000 + n) || '","originalTransactionId":"' || (2000000000000000 + n % 100000)
            || '","storefront":"USA","price":"9990","currency":"USD"}}'
        FROM seq
        """
}

import AppStoreModels
import Storekeeper

/// Statements and row mapping of the ledger tables.
enum LedgerRows {
    /// How many balance rows a shared account (`issued:`, `spent:`, `loss:`) is spread over.
    /// Any value works at any time (a balance is the sum of its rows); it only bounds contention:
    /// two transactions crediting customers in one slot queue on its row lock until the first
    /// commits. With 16, twenty concurrent PostgreSQL transactions spent about 2.5 ms per
    /// notification waiting there; 256 makes a shared slot rare (a balance sums ≤ 256 rows).
    static let sharedAccountSlots: UInt64 = 256

    /// A customer account has one row; a shared account's row is picked from the entry's
    /// customer, so one customer's entries touch one row and different customers' spread out.
    static func slot(of account: LedgerAccount, entryCustomer: CustomerID) -> Int64 {
        guard account.kind != .customer else { return 0 }
        // FNV-1a: stable across processes and versions (Swift's Hasher is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in entryCustomer.key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int64(hash % sharedAccountSlots)
    }

    static let insertEntry = """
        INSERT INTO journal_entries (idempotency_key, kind, customer_id, currency, created_at, reference, memo)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id
        """
    static let deleteEntry = "DELETE FROM journal_entries WHERE id = $1"
    /// The conditional decrement: changes nothing (and returns no row) when the balance would
    /// end below zero. On PostgreSQL a concurrent decrement holds the row lock; this one then
    /// re-evaluates the condition on the committed balance.
    static let guardedApply = """
        UPDATE ledger_accounts SET balance = balance + $3, updated_at = $4
        WHERE name = $1 AND slot = $2 AND balance + $3 >= 0
        RETURNING balance
        """
    static let apply = """
        \(insertAccounts)
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        \(addToBalance)
        RETURNING balance
        """
    /// `apply` for `count` accounts at once (seven values per row, in the order given: the lock
    /// order); returns each account's name and new balance.
    static func applyAll(count: Int) -> String {
        count < commonApplyAll.count ? commonApplyAll[count] : makeApplyAll(count: count)
    }

    /// Entries change two or three accounts; more (merges) are rare.
    private static let commonApplyAll = (0..<8).map(makeApplyAll)

    private static func makeApplyAll(count: Int) -> String {
        """
        \(insertAccounts)
        VALUES \(rows(count, from: 1, width: 7))
        \(addToBalance)
        RETURNING name, balance
        """
    }

    /// ``insertEntry``, ``applyAll(count:)`` and ``insertPostings(count:)`` as one statement, for
    /// dialects with data-modifying `WITH` (PostgreSQL): binds are the entry's seven values, then
    /// seven per change, then five per posting (its entry ID comes from the insert). The balance
    /// changes and postings happen only if the entry was inserted: the result then has one row
    /// per change (entry ID, account name, balance after), or one row with `NULL`s when no
    /// balance changes; a replayed key returns no row and changes nothing.
    static func postAll(changes: Int, postings: Int) -> String {
        guard changes < commonPostAll.count, postings < commonPostAll[changes].count else {
            return makePostAll(changes: changes, postings: postings)
        }
        return commonPostAll[changes][postings]
    }

    /// Indexed by change count, then posting count.
    private static let commonPostAll = (0..<4).map { changes in (0..<8).map { makePostAll(changes: changes, postings: $0) } }

    private static func makePostAll(changes: Int, postings: Int) -> String {
        let changeTypes = ["text", "bigint", "text", "text", "text", "bigint", "bigint"]
        let postingTypes = ["bigint", "text", "text", "bigint", "bigint"]
        let balances = """
            b AS (
                \(insertAccounts)
                SELECT * FROM (VALUES \(rows(changes, from: 8, width: changeTypes.count, types: changeTypes))) AS v
                WHERE EXISTS (SELECT 1 FROM e)
                \(addToBalance)
                RETURNING name, balance
            ),
            """
        let postingRows = rows(postings, from: 8 + changes * changeTypes.count, width: postingTypes.count, types: postingTypes)
        return """
            WITH e AS (\(insertEntry)),
            \(changes == 0 ? "" : balances)
            p AS (
                \(postingsInsert)
                SELECT e.id, v.* FROM e, (VALUES \(postingRows)) AS v
            )
            \(changes == 0 ? "SELECT e.id, NULL::text, NULL::bigint FROM e" : "SELECT e.id, b.name, b.balance FROM e, b")
            """
    }
    static let undo = "UPDATE ledger_accounts SET balance = balance - $3 WHERE name = $1 AND slot = $2"
    /// One statement for all of an entry's postings: `count` rows of six values each.
    static func insertPostings(count: Int) -> String {
        count < commonInsertPostings.count ? commonInsertPostings[count] : makeInsertPostings(count: count)
    }

    /// Entries have two or three postings; longer ones (merges) are rare.
    private static let commonInsertPostings = (0..<8).map(makeInsertPostings)

    private static func makeInsertPostings(count: Int) -> String {
        "\(postingsInsert) VALUES \(rows(count, from: 1, width: 6))"
    }

    private static let insertAccounts = "INSERT INTO ledger_accounts (name, slot, kind, customer_id, currency, balance, updated_at)"
    /// The upsert of a balance row: a new row holds the change, an existing one adds it.
    private static let addToBalance = """
        ON CONFLICT (name, slot)
        DO UPDATE SET balance = ledger_accounts.balance + excluded.balance, updated_at = excluded.updated_at
        """
    private static let postingsInsert = "INSERT INTO ledger_postings (entry_id, ordinal, account, customer_id, amount, created_at)"

    /// `count` rows of `width` placeholders numbered from `$first`, each cast to its column's
    /// type when `types` are given (a `VALUES` list that is not an `INSERT`'s own has no column
    /// types to infer them from).
    private static func rows(_ count: Int, from first: Int, width: Int, types: [String]? = nil) -> String {
        func placeholder(_ row: Int, _ column: Int) -> String {
            let number = first + row * width + column
            guard let types else { return "$\(number)" }
            return "$\(number)::\(types[column])"
        }
        return (0..<count).map { row in
            "(" + (0..<width).map { placeholder(row, $0) }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    static let balance = "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM ledger_accounts WHERE name = $1"
    /// A customer account has exactly one balance row (slot 0): no aggregation needed.
    static let customerBalances = """
        SELECT currency, balance FROM ledger_accounts WHERE customer_id = $1 AND kind = 'customer'
        """

    /// Currency → balance from rows of (currency, balance), as ``customerBalances`` returns them.
    static func balances(_ rows: some Sequence<SQLRow>, of customerId: CustomerID) throws -> [String: Int64] {
        var balances: [String: Int64] = [:]
        for row in rows {
            let currency = try row.string(0)
            let (total, overflow) = balances[currency, default: 0].addingReportingOverflow(try row.int64(1))
            guard !overflow else { throw SQLPurchaseStoreError.corrupt("balance of \(customerId) in \(currency) overflows") }
            balances[currency] = total
        }
        return balances
    }

    static let entryColumns = "id, idempotency_key, kind, customer_id, currency, created_at, reference, memo"
    static let entryByKey = """
        SELECT e.id, e.idempotency_key, e.kind, e.customer_id, e.currency, e.created_at, e.reference, e.memo,
            p.account, p.amount
        FROM journal_entries e JOIN ledger_postings p ON p.entry_id = e.id
        WHERE e.idempotency_key = $1
        ORDER BY p.ordinal
        """
    /// The entries booked for the customer and those touching one of their accounts (a guest
    /// merged away sees the merge), newest first.
    static let customerJournal = """
        SELECT e.id, e.idempotency_key, e.kind, e.customer_id, e.currency, e.created_at, e.reference, e.memo,
            p.account, p.amount
        FROM (
            SELECT \(entryColumns) FROM journal_entries
            WHERE customer_id = $1 OR id IN (SELECT entry_id FROM ledger_postings WHERE customer_id = $1)
            ORDER BY created_at DESC, id DESC
            LIMIT $2
        ) e
        JOIN ledger_postings p ON p.entry_id = e.id
        ORDER BY e.created_at DESC, e.id DESC, p.ordinal
        """

    /// Accounts whose balance rows do not sum to their postings, including postings to an
    /// account without a balance row.
    static let discrepancies = """
        SELECT account FROM (
            SELECT a.name AS account, a.total AS materialized, COALESCE(p.total, 0) AS posted
            FROM (SELECT name, SUM(balance) AS total FROM ledger_accounts GROUP BY name) a
            LEFT JOIN (SELECT account, SUM(amount) AS total FROM ledger_postings GROUP BY account) p
                ON p.account = a.name
            UNION ALL
            SELECT p.account, 0, p.total
            FROM (SELECT account, SUM(amount) AS total FROM ledger_postings GROUP BY account) p
            WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.name = p.account)
        ) d
        WHERE materialized <> posted
        ORDER BY account
        """

    /// Entries from rows of `entryByKey` / `customerJournal`, in row order.
    static func entries(_ rows: [SQLRow]) throws -> [JournalEntry] {
        var entries: [JournalEntry] = []
        var index = 0
        while index < rows.count {
            let head = rows[index]
            let id = try head.int64(0)
            var postings: [JournalEntry.Posting] = []
            while index < rows.count, try rows[index].int64(0) == id {
                postings.append(JournalEntry.Posting(try account(rows[index], 8), try rows[index].int64(9)))
                index += 1
            }
            let key = try head.string(1)
            do {
                entries.append(
                    try JournalEntry(
                        key: key, kind: try head.closedEnum(JournalEntry.Kind.self, 2), customerId: try head.customerID(3),
                        currency: try head.string(4), postings: postings, createdAt: try head.timestamp(5),
                        reference: try head.optionalString(6), memo: try head.optionalString(7)))
            } catch let error as WalletError {
                throw SQLPurchaseStoreError.corrupt("journal entry \(key) is invalid as stored: \(error.reason)")
            }
        }
        return entries
    }

    static func account(_ row: SQLRow, _ index: Int) throws -> LedgerAccount {
        let name = try row.string(index)
        guard let account = LedgerAccount(name: name) else {
            throw SQLPurchaseStoreError.corrupt("ledger account name \"\(name)\" cannot be parsed")
        }
        return account
    }
}

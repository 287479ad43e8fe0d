import AppStoreModels
import Storekeeper

/// A customer's orders and journal entries a page at a time, newest first.
enum CustomerHistoryRows {
    static func orders(after position: Bool) -> String {
        """
        SELECT \(OrderRows.columns) FROM orders
        WHERE customer_id = $1\(position ? " AND (created_at < $3 OR (created_at = $3 AND id < $4))" : "")
        ORDER BY created_at DESC, id DESC LIMIT $2
        """
    }

    /// As ``LedgerRows/customerJournal``, cut before a position.
    static func journal(after position: Bool) -> String {
        """
        SELECT e.id, e.idempotency_key, e.kind, e.customer_id, e.currency, e.created_at, e.reference, e.memo,
            p.account, p.amount
        FROM (
            SELECT \(LedgerRows.entryColumns) FROM journal_entries
            WHERE (customer_id = $1 OR id IN (SELECT entry_id FROM ledger_postings WHERE customer_id = $1))
                \(position ? "AND (created_at < $3 OR (created_at = $3 AND id < $4))" : "")
            ORDER BY created_at DESC, id DESC
            LIMIT $2
        ) e
        JOIN ledger_postings p ON p.entry_id = e.id
        ORDER BY e.created_at DESC, e.id DESC, p.ordinal
        """
    }
}

extension SQLStoreQuerying {
    func orders(customerId: CustomerID, before: OrderPosition?, limit: Int) async throws -> [Order] {
        var binds = [SQLValue(customerId), try limitValue(limit)]
        if let before { binds += [SQLValue(before.createdAt), SQLValue(before.id)] }
        return try await sql.query(CustomerHistoryRows.orders(after: before != nil), binds).map(OrderRows.order)
    }

    func journalPage(customerId: CustomerID, before: JournalPosition?, limit: Int) async throws -> [SequencedJournalEntry] {
        var binds = [SQLValue(customerId), try limitValue(limit)]
        if let before { binds += [SQLValue(before.createdAt), .integer(before.sequence)] }
        let rows = try await sql.query(CustomerHistoryRows.journal(after: before != nil), binds)
        var sequences: [Int64] = []
        for row in rows {
            let id = try row.int64(0)
            if sequences.last != id { sequences.append(id) }
        }
        return zip(sequences, try LedgerRows.entries(rows)).map { SequencedJournalEntry(sequence: $0, entry: $1) }
    }
}

extension JournalEntry {
    /// Checks what booking this entry requires, whatever made the value: `JournalEntry`'s
    /// initializer checks the same, but a decoded entry skips it, and the ledger's invariant must
    /// not depend on how the value was made. Every ``LedgerStoreWriter`` calls this before booking.
    public func validateForPosting() throws(PurchaseStoreError) {
        func invalid(_ reason: String) -> PurchaseStoreError {
            PurchaseStoreError(.invalidJournalEntry, "journal entry \(key): \(reason)")
        }
        guard !key.isEmpty else { throw invalid("empty idempotency key") }
        guard postings.count >= 2 else { throw invalid("fewer than two postings") }
        var sum: Int64 = 0
        for posting in postings {
            guard posting.account.currency == currency else { throw invalid("mixes currencies") }
            guard posting.account.hasStableName else {
                throw invalid("account \"\(posting.account.description)\" has no stable name")
            }
            let (next, overflow) = sum.addingReportingOverflow(posting.amount)
            guard !overflow else { throw invalid("postings overflow") }
            sum = next
        }
        guard sum == 0 else { throw invalid("postings sum to \(sum), not zero") }
    }

    /// Each account's total change, in account-name order: the order a store applies them in
    /// (a consistent lock order), including accounts whose postings cancel out to zero.
    public var netBalanceChanges: [(account: LedgerAccount, delta: Int64)] {
        var totals: [String: (account: LedgerAccount, delta: Int64)] = [:]
        for posting in postings {
            totals[posting.account.description, default: (posting.account, 0)].delta += posting.amount
        }
        return totals.sorted { $0.key < $1.key }.map(\.value)
    }
}

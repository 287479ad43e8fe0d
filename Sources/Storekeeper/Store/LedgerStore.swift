/// Reads of the ledger: double-entry journal entries and the materialized balances of their
/// accounts.
public protocol LedgerStoreReader: Sendable {
    /// Currency → balance for every currency the customer has an account in.
    func balances(customerId: CustomerID) async throws -> [String: Int64]
    func balance(_ account: LedgerAccount) async throws -> Int64
    func journalEntry(key: String) async throws -> JournalEntry?
    /// The customer's journal entries (booked for them or touching one of their accounts, as a
    /// merge does), newest first.
    func journal(customerId: CustomerID, limit: Int) async throws -> [JournalEntry]
    /// Every account whose materialized balance differs from the sum of its postings (the
    /// ledger invariant; empty when healthy).
    func ledgerDiscrepancies() async throws -> [LedgerAccount]
}

/// Writes of the ledger. Invariants: an entry is booked at most once per idempotency key; every
/// booked entry balances (postings sum to zero in one currency) and moves the materialized
/// balances by exactly its postings; a guarded posting never leaves a customer account below zero.
public protocol LedgerStoreWriter: LedgerStoreReader {
    /// Books `entry` unless its key was booked before. With `requireNonNegative`, refuses (books
    /// nothing) when any customer account would end below zero — atomically, so concurrent
    /// spends can never overdraw. An entry that does not balance is refused with
    /// ``PurchaseStoreError/Code/invalidJournalEntry``.
    func post(_ entry: JournalEntry, requireNonNegative: Bool) async throws -> PostingResult
}

/// What `post` did.
public enum PostingResult: Hashable, Sendable {
    /// Booked; the customer's balance after it.
    case posted(balance: Int64)
    /// The key was booked before; nothing changed.
    case duplicate
    /// Refused: the customer's balance would go below zero.
    case insufficientFunds(balance: Int64)
}

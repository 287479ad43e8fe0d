public import AppStoreModels
public import Foundation

/// The pages of a customer's record that grow without bound — orders and wallet entries — read
/// newest first through the customer indexes, a page at a time.
public protocol CustomerHistoryStoreReader: Sendable {
    /// The customer's orders in every state, newest first (`created_at`, then ID, descending),
    /// strictly before `before` when given.
    func orders(customerId: CustomerID, before: OrderPosition?, limit: Int) async throws -> [Order]
    /// The customer's journal entries (as ``LedgerStoreReader/journal(customerId:limit:)``: booked
    /// for them or touching one of their accounts) with their booking sequence numbers, newest
    /// first, strictly before `before` when given.
    func journalPage(customerId: CustomerID, before: JournalPosition?, limit: Int) async throws -> [SequencedJournalEntry]
}

/// Where an order sits in a customer's order list.
public struct OrderPosition: Hashable, Sendable {
    public var createdAt: Timestamp
    public var id: UUID

    public init(createdAt: Timestamp, id: UUID) {
        self.createdAt = createdAt
        self.id = id
    }
}

/// Where a journal entry sits in a customer's ledger: booking time, then booking sequence.
public struct JournalPosition: Hashable, Sendable {
    public var createdAt: Timestamp
    public var sequence: Int64

    public init(createdAt: Timestamp, sequence: Int64) {
        self.createdAt = createdAt
        self.sequence = sequence
    }
}

/// A journal entry and its booking sequence number (the order entries of one millisecond were
/// booked in).
public struct SequencedJournalEntry: Hashable, Sendable {
    public var sequence: Int64
    public var entry: JournalEntry

    public init(sequence: Int64, entry: JournalEntry) {
        self.sequence = sequence
        self.entry = entry
    }

    public var position: JournalPosition { JournalPosition(createdAt: entry.createdAt, sequence: sequence) }
}

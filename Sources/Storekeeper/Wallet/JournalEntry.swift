public import AppStoreModels

/// One balanced ledger entry: postings that sum to zero, booked exactly once under its
/// idempotency key.
public struct JournalEntry: Hashable, Sendable, Codable {
    /// Why money moved.
    public enum Kind: String, Hashable, Sendable, Codable {
        case credit, spend, clawback, restore, merge, adjustment
    }

    public struct Posting: Hashable, Sendable, Codable {
        public var account: LedgerAccount
        /// Positive increases the account (for a customer: their balance).
        public var amount: Int64

        public init(_ account: LedgerAccount, _ amount: Int64) {
            self.account = account
            self.amount = amount
        }
    }

    /// Unique: a second entry with the same key is a replay and books nothing.
    public var key: String
    public var kind: Kind
    public var customerId: CustomerID
    public var currency: String
    public var postings: [Posting]
    public var createdAt: Timestamp
    /// What caused it: a transaction (`environment:transactionId`), an order, a spend reference.
    public var reference: String?
    public var memo: String?

    public init(
        key: String, kind: Kind, customerId: CustomerID, currency: String, postings: [Posting], createdAt: Timestamp,
        reference: String? = nil, memo: String? = nil
    ) throws(WalletError) {
        guard !key.isEmpty else { throw WalletError(.invalidEntry, "journal entry needs an idempotency key") }
        guard postings.count >= 2 else { throw WalletError(.invalidEntry, "journal entry \(key) needs two postings") }
        var sum: Int64 = 0
        for posting in postings {
            guard posting.account.currency == currency else {
                throw WalletError(.invalidEntry, "journal entry \(key) mixes currencies")
            }
            let (next, overflow) = sum.addingReportingOverflow(posting.amount)
            guard !overflow else { throw WalletError(.invalidEntry, "journal entry \(key) overflows") }
            sum = next
        }
        guard sum == 0 else { throw WalletError(.invalidEntry, "journal entry \(key) does not balance (sum \(sum))") }
        self.key = key
        self.kind = kind
        self.customerId = customerId
        self.currency = currency
        self.postings = postings
        self.createdAt = createdAt
        self.reference = reference
        self.memo = memo
    }

    /// The change this entry makes to the customer's balance.
    public var customerDelta: Int64 {
        postings.filter { $0.account.kind == .customer && $0.account.customerId == customerId }.reduce(0) { $0 + $1.amount }
    }
}

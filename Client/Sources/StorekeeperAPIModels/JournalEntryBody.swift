/// A journal entry of the wallet ledger as the admin API shows it.
public struct JournalEntryBody: Codable, Sendable, Hashable {
    /// One side of the entry: an account and what the entry did to it.
    public struct Posting: Codable, Sendable, Hashable {
        public var account: String
        public var amount: Int64

        public init(account: String, amount: Int64) {
            self.account = account
            self.amount = amount
        }
    }

    public var key: String
    /// `credit`, `spend`, `clawback`, `restore`, `merge`, `adjustment`.
    public var kind: String
    public var currency: String
    public var postings: [Posting]
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var reference: String?
    public var memo: String?

    public init(
        key: String, kind: String, currency: String, postings: [Posting], createdAt: Int64, reference: String? = nil,
        memo: String? = nil
    ) {
        self.key = key
        self.kind = kind
        self.currency = currency
        self.postings = postings
        self.createdAt = createdAt
        self.reference = reference
        self.memo = memo
    }
}

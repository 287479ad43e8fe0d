/// One journal entry as it touched a customer's balance.
public struct AdminLedgerEntry: Codable, Sendable, Hashable {
    public var sequence: Int64
    public var key: String
    /// `credit`, `spend`, `clawback`, `restore`, `merge`, `adjustment`.
    public var kind: String
    public var currency: String
    /// What the entry did to this customer's balance.
    public var amount: Int64
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var reference: String?
    public var memo: String?
    public var postings: [AdminPosting]

    public init(
        sequence: Int64, key: String, kind: String, currency: String, amount: Int64, createdAt: Int64, reference: String? = nil,
        memo: String? = nil, postings: [AdminPosting]
    ) {
        self.sequence = sequence
        self.key = key
        self.kind = kind
        self.currency = currency
        self.amount = amount
        self.createdAt = createdAt
        self.reference = reference
        self.memo = memo
        self.postings = postings
    }
}

/// One refund (or Family Sharing revocation) and what it took back from the wallet. Times are
/// milliseconds since 1970; prices milliunits.
public struct RefundBody: Codable, Sendable, Hashable {
    /// What the refund took back of one virtual currency.
    public struct Wallet: Codable, Sendable, Hashable {
        public var currency: String
        /// Credited by the purchase and reversed by the refund.
        public var refunded: Int64
        /// Taken from the customer's balance.
        public var collected: Int64
        /// Written off to the loss account (the debt policy `clamp`, after the customer spent it).
        public var uncollected: Int64
        /// Apple reversed the refund and the currency was given back.
        public var restored: Bool
        /// The customer's balance now, and what they owe (a negative balance under `allowNegative`).
        public var balance: Int64
        public var debt: Int64

        public init(
            currency: String, refunded: Int64, collected: Int64, uncollected: Int64, restored: Bool, balance: Int64, debt: Int64
        ) {
            self.currency = currency
            self.refunded = refunded
            self.collected = collected
            self.uncollected = uncollected
            self.restored = restored
            self.balance = balance
            self.debt = debt
        }
    }

    public var environment: String
    public var transactionId: String
    public var originalTransactionId: String
    public var customerId: String
    public var productId: String
    public var productType: String?
    /// `refunded`, `familySharingRevoked` or `seatRevoked` (a member's assigned seat ended).
    public var kind: String
    /// Apple's `revocationReason` (0 other, 1 app issue).
    public var revocationReason: Int32?
    public var revokedAt: Int64
    public var purchaseDate: Int64
    public var price: Int64?
    public var currency: String?
    public var quantity: Int
    /// Per virtual currency (empty for a product that credits none).
    public var wallet: [Wallet]

    public init(
        environment: String, transactionId: String, originalTransactionId: String, customerId: String, productId: String,
        productType: String? = nil, kind: String, revocationReason: Int32? = nil, revokedAt: Int64, purchaseDate: Int64,
        price: Int64? = nil, currency: String? = nil, quantity: Int, wallet: [Wallet]
    ) {
        self.environment = environment
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.customerId = customerId
        self.productId = productId
        self.productType = productType
        self.kind = kind
        self.revocationReason = revocationReason
        self.revokedAt = revokedAt
        self.purchaseDate = purchaseDate
        self.price = price
        self.currency = currency
        self.quantity = quantity
        self.wallet = wallet
    }
}

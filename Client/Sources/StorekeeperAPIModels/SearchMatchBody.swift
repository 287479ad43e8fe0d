/// One answer to a search: which customer the text leads to, and how.
public struct SearchMatchBody: Codable, Sendable, Hashable {
    /// How the text matched: `customer`, `alias`, `order`, `transaction`, `originalTransaction`,
    /// `webOrderLineItem`, `appTransaction`, `invoiceOrder` (open: later kinds are kept as sent).
    public var kind: String
    /// The customer the identifier leads to (an alias leads to the account it was merged into).
    public var customerId: String
    /// What matched: the identifier, or for transactions `environment:transactionId`, for
    /// orders the order's ID.
    public var matched: String
    /// The Apple environment of a transaction-like match.
    public var environment: String?
    /// The product of an order or transaction match.
    public var productId: String?

    public init(kind: String, customerId: String, matched: String, environment: String? = nil, productId: String? = nil) {
        self.kind = kind
        self.customerId = customerId
        self.matched = matched
        self.environment = environment
        self.productId = productId
    }
}

public import AppStoreModels

/// One answer to a ``SearchQuery``: which customer the text leads to, and how.
public struct SearchMatch: Hashable, Sendable, Codable {
    /// How the text matched. Open (a struct over `String`) so clients keep unknown kinds.
    public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A customer with exactly this ID (not merged into another).
        public static let customer = Kind(rawValue: "customer")
        /// A guest or other alias merged into an account: the match is the account.
        public static let alias = Kind(rawValue: "alias")
        /// A business order's ID or its `appAccountToken`.
        public static let order = Kind(rawValue: "order")
        /// An Apple `transactionId`.
        public static let transaction = Kind(rawValue: "transaction")
        /// An Apple `originalTransactionId` (a purchase or subscription).
        public static let originalTransaction = Kind(rawValue: "originalTransaction")
        /// An Apple `webOrderLineItemId` (one paid subscription period).
        public static let webOrderLineItem = Kind(rawValue: "webOrderLineItem")
        /// An Apple `appTransactionId`: the customer's Apple account in the app (every customer
        /// whose transactions carry it).
        public static let appTransaction = Kind(rawValue: "appTransaction")
        /// The order ID of Apple's emailed invoice, resolved through Look Up Order ID.
        public static let invoiceOrder = Kind(rawValue: "invoiceOrder")
    }

    public var kind: Kind
    /// The customer the identifier leads to (an alias leads to the account it was merged into).
    public var customerId: CustomerID
    /// What matched: the identifier, or for transactions `environment:transactionId`, for
    /// orders the order's ID.
    public var matched: String
    /// The Apple environment of a transaction-like match.
    public var environment: AppStoreEnvironment?
    /// The product of an order or transaction match (the app filters by its catalog).
    public var productId: String?

    public init(
        kind: Kind, customerId: CustomerID, matched: String, environment: AppStoreEnvironment? = nil, productId: String? = nil
    ) {
        self.kind = kind
        self.customerId = customerId
        self.matched = matched
        self.environment = environment
        self.productId = productId
    }
}

/// What Look Up Order ID answered for an invoice order ID.
public struct AdminInvoiceLookup: Codable, Sendable, Hashable {
    /// The state of the lookup: Apple's outcome, or why Storekeeper could not ask.
    public struct Status: RawRepresentable, Codable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Apple knows the order; `transactions` lists its lines.
        public static let valid = Status(rawValue: "valid")
        /// Apple does not know the order in any environment asked.
        public static let invalid = Status(rawValue: "invalid")
        /// Apple could not be reached or refused the call (`error` says why); stored matches stand.
        public static let unavailable = Status(rawValue: "unavailable")
    }

    public var orderId: String
    public var status: Status
    /// The environment whose App Store knew the order.
    public var environment: String?
    /// The invoice's transactions, verified, each with its owner when Storekeeper recorded it.
    public var transactions: [AdminInvoiceTransaction]
    public var error: String?

    public init(
        orderId: String, status: Status, environment: String? = nil, transactions: [AdminInvoiceTransaction], error: String? = nil
    ) {
        self.orderId = orderId
        self.status = status
        self.environment = environment
        self.transactions = transactions
        self.error = error
    }
}

/// The response of Look Up Order ID (`GET /inApps/v1/lookup/{orderId}`), for the order ID on a
/// customer's invoice.
public struct OrderLookupResponse: Hashable, Sendable, Codable {
    /// Whether the order ID is valid.
    public var status: OrderLookupStatus?
    /// The transactions of the order, each signed by the App Store.
    public var signedTransactions: [String]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(status: OrderLookupStatus? = nil, signedTransactions: [String]? = nil) {
        self.status = status
        self.signedTransactions = signedTransactions
    }
}

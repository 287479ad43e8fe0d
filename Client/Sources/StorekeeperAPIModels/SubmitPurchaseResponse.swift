/// What a submitted purchase came to, and the customer after it.
public struct SubmitPurchaseResponse: Codable, Sendable, Hashable {
    /// `recorded`, `replayed` or `ownedByAnotherCustomer`.
    public var status: String
    public var transactionIds: [String]
    /// The order the purchase paid, when it names one.
    public var order: OrderBody?
    public var customer: CustomerBody

    public init(status: String, transactionIds: [String], order: OrderBody? = nil, customer: CustomerBody) {
        self.status = status
        self.transactionIds = transactionIds
        self.order = order
        self.customer = customer
    }
}

/// The answer of the order routes: the order, and on creation how it went.
public struct OrderResponse: Codable, Sendable, Hashable {
    /// `created`, `paymentInProgress`, or absent when reading an order.
    public var status: String?
    public var order: OrderBody

    public init(status: String? = nil, order: OrderBody) {
        self.status = status
        self.order = order
    }
}

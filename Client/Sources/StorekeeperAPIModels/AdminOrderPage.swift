/// A page of a customer's business orders, newest first.
public struct AdminOrderPage: Codable, Sendable, Hashable {
    public var items: [AdminOrder]
    /// Pass as `before` to `GET .../customers/{customer}/orders` for older orders.
    public var nextCursor: String?

    public init(items: [AdminOrder], nextCursor: String? = nil) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// `POST /v1/apps/{app}/orders`: a business order created before the purchase.
public struct CreateOrderRequest: Codable, Sendable, Hashable {
    /// A price the business set, priced at the nearest Apple price point at or above it.
    public struct BusinessPrice: Codable, Sendable, Hashable {
        /// Milliunits of the storefront's currency (9990 = 9.99).
        public var milliunits: Int64
        public var storefront: String

        public init(milliunits: Int64, storefront: String) {
            self.milliunits = milliunits
            self.storefront = storefront
        }
    }

    /// The customer as the app names it.
    public var customerId: String
    public var productId: String?
    public var quantity: Int?
    /// Price the item at the nearest Apple price point at or above this; credit the difference.
    public var businessPrice: BusinessPrice?

    public init(customerId: String, productId: String? = nil, quantity: Int? = nil, businessPrice: BusinessPrice? = nil) {
        self.customerId = customerId
        self.productId = productId
        self.quantity = quantity
        self.businessPrice = businessPrice
    }
}

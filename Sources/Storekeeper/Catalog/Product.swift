/// One in-app purchase product as the app's configuration declares it.
public struct Product: Hashable, Sendable, Codable {
    /// The App Store product identifier.
    public var id: String
    public var kind: ProductKind
    /// Entitlements the product grants (non-consumables, subscriptions).
    public var entitlements: [String]
    /// Virtual currency credited per unit bought (consumables): currency code → amount.
    public var currencies: [String: Int64]
    /// Access length of a non-renewing subscription, or the billing period of an auto-renewable
    /// one (used by the simulator and for proration).
    public var duration: Period?
    /// The subscription group of an auto-renewable subscription.
    public var subscriptionGroup: String?
    /// Level within the group: 1 is the highest service level (as App Store Connect ranks them).
    public var groupLevel: Int?
    /// Apple price points this product is sold at, per storefront.
    public var prices: [StorefrontPrice]

    public init(
        id: String, kind: ProductKind, entitlements: [String] = [], currencies: [String: Int64] = [:],
        duration: Period? = nil, subscriptionGroup: String? = nil, groupLevel: Int? = nil,
        prices: [StorefrontPrice] = []
    ) {
        self.id = id
        self.kind = kind
        self.entitlements = entitlements
        self.currencies = currencies
        self.duration = duration
        self.subscriptionGroup = subscriptionGroup
        self.groupLevel = groupLevel
        self.prices = prices
    }

    public func price(in storefront: String) -> StorefrontPrice? {
        prices.first { $0.storefront == storefront }
    }
}

/// An Apple price point in one storefront.
public struct StorefrontPrice: Hashable, Sendable, Codable {
    /// Three-letter storefront code (`USA`, `CHN`, ...).
    public var storefront: String
    /// ISO 4217 currency.
    public var currency: String
    /// Price in milli-units (Apple's convention: 6000 = 6.00).
    public var milliunits: Int64

    public init(storefront: String, currency: String, milliunits: Int64) {
        self.storefront = storefront
        self.currency = currency
        self.milliunits = milliunits
    }
}

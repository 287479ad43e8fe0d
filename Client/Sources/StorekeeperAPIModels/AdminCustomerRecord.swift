/// `GET /v1/admin/apps/{app}/customers/{customer}`: everything support needs about one customer.
/// Times are milliseconds since 1970.
public struct AdminCustomerRecord: Codable, Sendable, Hashable {
    public var customerId: String
    /// `false` when Storekeeper never stored the customer (the rest is then empty).
    public var exists: Bool
    public var createdAt: Int64?
    /// The account this customer was merged into, if it was.
    public var mergedInto: String?
    public var consumptionConsent: Bool?
    public var playTimeMinutes: Int64?
    /// Customers (guests) merged into this one.
    public var aliases: [AdminAlias]
    public var entitlements: [AdminEntitlement]
    public var subscriptions: [AdminSubscription]
    public var wallet: AdminWallet
    public var orders: AdminOrderPage
    /// The most recent purchases (newest first), with Apple's revocations as last signed.
    public var purchases: [AdminPurchase]
    /// The Apple accounts the customer was seen behind, each with the other customers seen
    /// behind it: one Apple account behind several app accounts. Absent from servers before
    /// Storekeeper kept them.
    public var appleAccounts: [AdminAppleAccount]?

    public init(
        customerId: String, exists: Bool, createdAt: Int64? = nil, mergedInto: String? = nil, consumptionConsent: Bool? = nil,
        playTimeMinutes: Int64? = nil, aliases: [AdminAlias], entitlements: [AdminEntitlement], subscriptions: [AdminSubscription],
        wallet: AdminWallet, orders: AdminOrderPage, purchases: [AdminPurchase], appleAccounts: [AdminAppleAccount]? = nil
    ) {
        self.customerId = customerId
        self.exists = exists
        self.createdAt = createdAt
        self.mergedInto = mergedInto
        self.consumptionConsent = consumptionConsent
        self.playTimeMinutes = playTimeMinutes
        self.aliases = aliases
        self.entitlements = entitlements
        self.subscriptions = subscriptions
        self.wallet = wallet
        self.orders = orders
        self.purchases = purchases
        self.appleAccounts = appleAccounts
    }
}

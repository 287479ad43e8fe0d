/// One item of an Advanced Commerce API transaction.
public struct AdvancedCommerceTransactionItem: Hashable, Sendable, Codable {
    /// The SKU of the item (JSON key `SKU`).
    public var sku: String?
    /// The description of the item.
    public var description: String?
    /// The display name of the item.
    public var displayName: String?
    /// The offer applied to the item.
    public var offer: AdvancedCommerceOffer?
    /// The price of the item, in milliunits.
    public var price: Int64?
    /// Refunds applied to the item.
    public var refunds: [AdvancedCommerceRefund]?
    /// When the item was revoked (milliseconds since 1970).
    public var revocationDate: Timestamp?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        sku: String? = nil,
        description: String? = nil,
        displayName: String? = nil,
        offer: AdvancedCommerceOffer? = nil,
        price: Int64? = nil,
        refunds: [AdvancedCommerceRefund]? = nil,
        revocationDate: Timestamp? = nil
    ) {
        self.sku = sku
        self.description = description
        self.displayName = displayName
        self.offer = offer
        self.price = price
        self.refunds = refunds
        self.revocationDate = revocationDate
    }

    enum CodingKeys: String, CodingKey {
        case sku = "SKU"
        case description
        case displayName
        case offer
        case price
        case refunds
        case revocationDate
    }
}

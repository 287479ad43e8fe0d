/// One item of an Advanced Commerce API subscription renewal.
public struct AdvancedCommerceRenewalItem: Hashable, Sendable, Codable {
    /// The SKU of the item (JSON key `SKU`).
    public var sku: String?
    /// The description of the item.
    public var description: String?
    /// The display name of the item.
    public var displayName: String?
    /// The offer that applies to the item at renewal.
    public var offer: AdvancedCommerceOffer?
    /// The renewal price of the item, in milliunits.
    public var price: Int64?
    /// A price increase that applies to the item.
    public var priceIncreaseInfo: AdvancedCommercePriceIncreaseInfo?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        sku: String? = nil,
        description: String? = nil,
        displayName: String? = nil,
        offer: AdvancedCommerceOffer? = nil,
        price: Int64? = nil,
        priceIncreaseInfo: AdvancedCommercePriceIncreaseInfo? = nil
    ) {
        self.sku = sku
        self.description = description
        self.displayName = displayName
        self.offer = offer
        self.price = price
        self.priceIncreaseInfo = priceIncreaseInfo
    }

    enum CodingKeys: String, CodingKey {
        case sku = "SKU"
        case description
        case displayName
        case offer
        case price
        case priceIncreaseInfo
    }
}

/// A price increase scheduled for an Advanced Commerce API renewal item.
public struct AdvancedCommercePriceIncreaseInfo: Hashable, Sendable, Codable {
    /// SKUs whose price changes together with this item (JSON key `dependentSKUs`).
    public var dependentSKUs: [String]?
    /// The new price, in milliunits.
    public var price: Int64?
    /// Whether the increase is scheduled, pending consent, or accepted.
    public var status: AdvancedCommercePriceIncreaseInfoStatus?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        dependentSKUs: [String]? = nil,
        price: Int64? = nil,
        status: AdvancedCommercePriceIncreaseInfoStatus? = nil
    ) {
        self.dependentSKUs = dependentSKUs
        self.price = price
        self.status = status
    }
}

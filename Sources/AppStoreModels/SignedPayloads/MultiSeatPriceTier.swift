/// A price per seat and the number of seats at that price in a multiseat (group) subscription
/// (an element of `priceTiers` or `renewalPriceTiers`).
///
/// The amount a transaction charged for its seats is the sum of `tierPrice × tierQuantity`
/// over its tiers; the transaction's `price` is only the average per seat. The tiers come in no
/// guaranteed order; seats fill them from the highest price down.
public struct MultiSeatPriceTier: Hashable, Sendable, Codable {
    /// The price per seat, in milliunits of the containing record's `currency`.
    public var tierPrice: Int64?
    /// The number of seats at `tierPrice`.
    public var tierQuantity: Int32?

    /// Creates a value; every optional field defaults to `nil`.
    public init(tierPrice: Int64? = nil, tierQuantity: Int32? = nil) {
        self.tierPrice = tierPrice
        self.tierQuantity = tierQuantity
    }
}

/// The seats of the next renewal of a subscription that renews as a multiseat purchase
/// (`multiSeatInfo` of renewal information; `renewalQuantity` beside it is the number of seats).
public struct RenewalMultiSeatInfo: Hashable, Sendable, Codable {
    /// The seats that renew at each price; `renewalPrice` is only the average per seat.
    public var renewalPriceTiers: [MultiSeatPriceTier]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(renewalPriceTiers: [MultiSeatPriceTier]? = nil) {
        self.renewalPriceTiers = renewalPriceTiers
    }
}

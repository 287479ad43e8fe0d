/// An offer applied to a paid period (or to the next renewal).
public struct OfferInfoBody: Codable, Sendable, Hashable {
    /// Apple's `offerType` (1 introductory, 2 promotional, 3 offer code, 4 win-back).
    public var type: Int32
    /// The promotional offer identifier, offer code reference name or win-back offer identifier.
    public var identifier: String?
    /// Apple's `offerDiscountType` (`FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT`, ...).
    public var discountType: String?
    /// The offer's duration (ISO 8601, e.g. `P1M`).
    public var period: String?

    public init(type: Int32, identifier: String? = nil, discountType: String? = nil, period: String? = nil) {
        self.type = type
        self.identifier = identifier
        self.discountType = discountType
        self.period = period
    }
}

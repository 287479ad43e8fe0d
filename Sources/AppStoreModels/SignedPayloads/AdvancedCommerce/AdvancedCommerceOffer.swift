/// A discount offer on an Advanced Commerce API item.
public struct AdvancedCommerceOffer: Hashable, Sendable, Codable {
    /// The period of the offer (ISO 8601 duration).
    public var period: AdvancedCommerceOfferPeriod
    /// How many periods the offer lasts (1...12).
    public var periodCount: Int32
    /// The offer price, in milliunits.
    public var price: Int64
    /// Why the offer was given.
    public var reason: AdvancedCommerceOfferReason

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        period: AdvancedCommerceOfferPeriod,
        periodCount: Int32,
        price: Int64,
        reason: AdvancedCommerceOfferReason
    ) {
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.reason = reason
    }
}

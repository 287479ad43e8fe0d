/// The money of one currency in a day or a range, in milliunits of the currency.
public struct OverviewRevenue: Codable, Sendable, Hashable {
    public var currency: String
    /// What customers paid (Family Sharing copies excluded).
    public var customerPrice: Int64
    /// Estimated developer proceeds: Apple's commission taken off (15 % for renewals after a year
    /// of paid service or in the Small Business Program, else 30 %), then corrected by how far
    /// that rule was off on the last 90 days of the vendor's SALES report rows in the currency
    /// (tax, mostly); without report rows an upper bound where prices include tax.
    public var estimatedProceeds: Int64
    /// Whether report rows of the currency calibrated `estimatedProceeds`.
    public var proceedsCalibrated: Bool
    /// Customer price of the refunds recorded on the day.
    public var refunded: Int64

    public init(currency: String, customerPrice: Int64, estimatedProceeds: Int64, proceedsCalibrated: Bool, refunded: Int64) {
        self.currency = currency
        self.customerPrice = customerPrice
        self.estimatedProceeds = estimatedProceeds
        self.proceedsCalibrated = proceedsCalibrated
        self.refunded = refunded
    }
}

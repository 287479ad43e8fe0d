/// The consumption data sent to Apple (Send Consumption Information), with Apple's field names.
public struct ConsumptionAnswer: Codable, Sendable, Hashable {
    public var customerConsented: Bool
    /// How much of the purchase the customer consumed, in milliunits of a percent (0–100000;
    /// 25000 = 25%).
    public var consumptionPercentage: Int32?
    /// Apple's `deliveryStatus` (`DELIVERED`, `UNDELIVERED_QUALITY_ISSUE`, ...).
    public var deliveryStatus: String
    /// Apple's `refundPreference` (`DECLINE`, `GRANT_FULL`, `GRANT_PRORATED`).
    public var refundPreference: String?
    public var sampleContentProvided: Bool

    public init(
        customerConsented: Bool, consumptionPercentage: Int32? = nil, deliveryStatus: String, refundPreference: String? = nil,
        sampleContentProvided: Bool
    ) {
        self.customerConsented = customerConsented
        self.consumptionPercentage = consumptionPercentage
        self.deliveryStatus = deliveryStatus
        self.refundPreference = refundPreference
        self.sampleContentProvided = sampleContentProvided
    }
}

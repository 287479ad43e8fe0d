/// The body of the current Send Consumption Information endpoint (`PUT
/// /inApps/v2/transactions/consumption/{transactionId}`, App Store Server API 1.19+), answering a
/// `CONSUMPTION_REQUEST` notification for purchases that don't use the Advanced Commerce API.
///
/// For the original body with `consumptionStatus`, `playTime` and the other customer signals, see
/// ``ConsumptionRequestV1``.
public struct ConsumptionRequest: Hashable, Sendable, Codable {
    /// Whether the customer consented to share consumption data; Apple rejects the request unless
    /// `true`.
    public var customerConsented: Bool
    /// How much of the purchase the customer consumed, in milliunits of a percent (0...100000;
    /// 25000 = 25%). Not for auto-renewable subscriptions; must be 0 when not delivered.
    public var consumptionPercentage: Int32?
    /// Whether the app delivered a working In-App Purchase.
    public var deliveryStatus: DeliveryStatus
    /// Your preferred outcome for the refund request.
    public var refundPreference: RefundPreference?
    /// Whether you provided a free sample, trial, or information about the content before purchase.
    public var sampleContentProvided: Bool

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        customerConsented: Bool,
        consumptionPercentage: Int32? = nil,
        deliveryStatus: DeliveryStatus,
        refundPreference: RefundPreference? = nil,
        sampleContentProvided: Bool
    ) {
        self.customerConsented = customerConsented
        self.consumptionPercentage = consumptionPercentage
        self.deliveryStatus = deliveryStatus
        self.refundPreference = refundPreference
        self.sampleContentProvided = sampleContentProvided
    }
}

/// What Apple answered to an extension, and the subscription as Storekeeper holds it after
/// applying Apple's current state. Times are milliseconds since 1970.
public struct ExtendResult: Codable, Sendable, Hashable {
    public var customerId: String
    public var originalTransactionId: String
    public var environment: String
    /// The identifier Storekeeper sent Apple (derived from the idempotency key).
    public var requestIdentifier: String
    public var days: Int
    public var reasonCode: Int
    public var success: Bool
    public var effectiveDate: Int64?
    public var webOrderLineItemId: String?
    public var subscription: SubscriptionSnapshot?

    public init(
        customerId: String, originalTransactionId: String, environment: String, requestIdentifier: String, days: Int,
        reasonCode: Int, success: Bool, effectiveDate: Int64? = nil, webOrderLineItemId: String? = nil,
        subscription: SubscriptionSnapshot? = nil
    ) {
        self.customerId = customerId
        self.originalTransactionId = originalTransactionId
        self.environment = environment
        self.requestIdentifier = requestIdentifier
        self.days = days
        self.reasonCode = reasonCode
        self.success = success
        self.effectiveDate = effectiveDate
        self.webOrderLineItemId = webOrderLineItemId
        self.subscription = subscription
    }
}

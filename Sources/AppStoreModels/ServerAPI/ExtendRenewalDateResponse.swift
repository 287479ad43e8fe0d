/// The response of Extend a Subscription Renewal Date.
public struct ExtendRenewalDateResponse: Hashable, Sendable, Codable {
    /// The original transaction identifier of the subscription.
    public var originalTransactionId: String?
    /// The identifier of the subscription purchase event that was extended.
    public var webOrderLineItemId: String?
    /// Whether the extension succeeded.
    public var success: Bool?
    /// The new expiration date of the subscription (milliseconds since 1970).
    public var effectiveDate: Timestamp?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        originalTransactionId: String? = nil,
        webOrderLineItemId: String? = nil,
        success: Bool? = nil,
        effectiveDate: Timestamp? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.success = success
        self.effectiveDate = effectiveDate
    }
}

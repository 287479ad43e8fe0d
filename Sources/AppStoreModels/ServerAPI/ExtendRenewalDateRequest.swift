/// The body of Extend a Subscription Renewal Date (`PUT
/// /inApps/v1/subscriptions/extend/{originalTransactionId}`).
public struct ExtendRenewalDateRequest: Hashable, Sendable, Codable {
    /// How many days to extend the renewal date by (1...90).
    public var extendByDays: Int32
    /// Why you extend the renewal date.
    public var extendReasonCode: ExtendReasonCode
    /// A string you create (up to 128 characters, typically a UUID) that identifies this request;
    /// reuse it to retry idempotently.
    public var requestIdentifier: String

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        extendByDays: Int32,
        extendReasonCode: ExtendReasonCode,
        requestIdentifier: String
    ) {
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
    }
}

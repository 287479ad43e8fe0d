/// The response of Get Status of Subscription Renewal Date Extensions (`GET
/// /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`).
public struct MassExtendRenewalDateStatusResponse: Hashable, Sendable, Codable {
    /// The UUID of the request.
    public var requestIdentifier: String?
    /// Whether the App Store finished processing the request.
    public var complete: Bool?
    /// When the App Store finished (milliseconds since 1970).
    public var completeDate: Timestamp?
    /// How many subscriptions were extended.
    public var succeededCount: Int64?
    /// How many subscriptions could not be extended.
    public var failedCount: Int64?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        requestIdentifier: String? = nil,
        complete: Bool? = nil,
        completeDate: Timestamp? = nil,
        succeededCount: Int64? = nil,
        failedCount: Int64? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.complete = complete
        self.completeDate = completeDate
        self.succeededCount = succeededCount
        self.failedCount = failedCount
    }
}

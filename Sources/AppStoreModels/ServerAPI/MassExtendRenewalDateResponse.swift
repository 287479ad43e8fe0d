/// The response of Extend Subscription Renewal Dates for All Active Subscribers.
public struct MassExtendRenewalDateResponse: Hashable, Sendable, Codable {
    /// The UUID of the request, to check its status later.
    public var requestIdentifier: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(requestIdentifier: String? = nil) {
        self.requestIdentifier = requestIdentifier
    }
}

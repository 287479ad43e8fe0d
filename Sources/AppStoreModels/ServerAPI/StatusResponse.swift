/// The response of Get All Subscription Statuses (`GET /inApps/v1/subscriptions/{transactionId}`):
/// every subscription of the customer, by group.
public struct StatusResponse: Hashable, Sendable, Codable {
    /// The environment of the data.
    public var environment: AppStoreEnvironment?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The App Store's identifier of the app.
    public var appAppleId: Int64?
    /// One entry per subscription group.
    public var data: [SubscriptionGroupIdentifierItem]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        environment: AppStoreEnvironment? = nil,
        bundleId: String? = nil,
        appAppleId: Int64? = nil,
        data: [SubscriptionGroupIdentifierItem]? = nil
    ) {
        self.environment = environment
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.data = data
    }
}

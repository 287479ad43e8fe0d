/// The `data` object of a version 2 notification: app metadata plus signed transaction and renewal
/// information.
public struct NotificationData: Hashable, Sendable, Codable {
    /// The App Store's identifier of the app; absent in the sandbox environment.
    public var appAppleId: Int64?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The version of the build (CFBundleVersion).
    public var bundleVersion: String?
    /// The environment the notification applies to.
    public var environment: AppStoreEnvironment?
    /// The transaction, signed by the App Store (JWS of a ``JWSTransactionDecodedPayload``).
    public var signedTransactionInfo: String?
    /// The subscription renewal information, signed by the App Store (JWS of a
    /// ``JWSRenewalInfoDecodedPayload``); auto-renewable subscriptions only.
    public var signedRenewalInfo: String?
    /// The status of the auto-renewable subscription as of `signedDate`; auto-renewable
    /// subscriptions only.
    public var status: SubscriptionStatus?
    /// The reason the customer gave for a refund request; `CONSUMPTION_REQUEST` only.
    public var consumptionRequestReason: ConsumptionRequestReason?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        bundleVersion: String? = nil,
        environment: AppStoreEnvironment? = nil,
        signedTransactionInfo: String? = nil,
        signedRenewalInfo: String? = nil,
        status: SubscriptionStatus? = nil,
        consumptionRequestReason: ConsumptionRequestReason? = nil
    ) {
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.bundleVersion = bundleVersion
        self.environment = environment
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
        self.status = status
        self.consumptionRequestReason = consumptionRequestReason
    }
}

/// The `summary` of a `RENEWAL_EXTENSION` notification with subtype `SUMMARY`: the outcome of
/// extending renewal dates for all active subscribers.
public struct Summary: Hashable, Sendable, Codable {
    /// The UUID you gave when requesting the extension.
    public var requestIdentifier: String?
    /// The environment the notification applies to.
    public var environment: AppStoreEnvironment?
    /// The App Store's identifier of the app; absent in the sandbox environment.
    public var appAppleId: Int64?
    /// The bundle identifier of the app.
    public var bundleId: String?
    /// The product identifier of the subscription the extension applies to.
    public var productId: String?
    /// The ISO 3166-1 alpha-3 storefront codes the extension was limited to; absent means all
    /// storefronts.
    public var storefrontCountryCodes: [String]?
    /// How many subscriptions did not receive the extension.
    public var failedCount: Int64?
    /// How many subscriptions received the extension.
    public var succeededCount: Int64?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        requestIdentifier: String? = nil,
        environment: AppStoreEnvironment? = nil,
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        productId: String? = nil,
        storefrontCountryCodes: [String]? = nil,
        failedCount: Int64? = nil,
        succeededCount: Int64? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.environment = environment
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.productId = productId
        self.storefrontCountryCodes = storefrontCountryCodes
        self.failedCount = failedCount
        self.succeededCount = succeededCount
    }
}

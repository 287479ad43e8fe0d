/// The body of Extend Subscription Renewal Dates for All Active Subscribers (`POST
/// /inApps/v1/subscriptions/extend/mass`).
public struct MassExtendRenewalDateRequest: Hashable, Sendable, Codable {
    /// A UUID you create to identify this request.
    public var requestIdentifier: String
    /// How many days to extend the renewal date by (1...90).
    public var extendByDays: Int32
    /// Why you extend the renewal dates.
    public var extendReasonCode: ExtendReasonCode
    /// The product identifier of the auto-renewable subscription to extend.
    public var productId: String
    /// ISO 3166-1 alpha-3 storefront codes to limit the extension to; omit for all storefronts.
    public var storefrontCountryCodes: [String]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        requestIdentifier: String,
        extendByDays: Int32,
        extendReasonCode: ExtendReasonCode,
        productId: String,
        storefrontCountryCodes: [String]? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.productId = productId
        self.storefrontCountryCodes = storefrontCountryCodes
    }
}

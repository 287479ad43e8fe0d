/// The body of the original Send Consumption Information endpoint (Send Consumption Information V1,
/// `PUT /inApps/v1/transactions/consumption/{transactionId}`).
///
/// Every field except `refundPreference` is required; use each field's undeclared value (0, or an
/// empty `appAccountToken`) when you choose not to share a signal.
public struct ConsumptionRequestV1: Hashable, Sendable, Codable {
    /// Whether the customer consented to share consumption data; Apple rejects the request unless
    /// `true`.
    public var customerConsented: Bool
    /// How much of the purchase the customer consumed.
    public var consumptionStatus: ConsumptionStatus
    /// The platform on which the customer consumed the purchase.
    public var platform: Platform
    /// Whether you provided a free sample, trial, or information about the content before purchase.
    public var sampleContentProvided: Bool
    /// Whether the app delivered a working In-App Purchase.
    public var deliveryStatus: DeliveryStatusV1
    /// The customer's app account token as a UUID string, or an empty string if there is none.
    public var appAccountToken: String
    /// The age of the customer's account.
    public var accountTenure: AccountTenure
    /// How long the customer used the app.
    public var playTime: PlayTime
    /// The customer's lifetime refunds in the app, in USD bands.
    public var lifetimeDollarsRefunded: LifetimeDollarsRefunded
    /// The customer's lifetime purchases in the app, in USD bands.
    public var lifetimeDollarsPurchased: LifetimeDollarsPurchased
    /// The status of the customer's account in your app.
    public var userStatus: UserStatus
    /// Your preferred outcome for the refund request.
    public var refundPreference: RefundPreferenceV1?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        customerConsented: Bool,
        consumptionStatus: ConsumptionStatus,
        platform: Platform,
        sampleContentProvided: Bool,
        deliveryStatus: DeliveryStatusV1,
        appAccountToken: String,
        accountTenure: AccountTenure,
        playTime: PlayTime,
        lifetimeDollarsRefunded: LifetimeDollarsRefunded,
        lifetimeDollarsPurchased: LifetimeDollarsPurchased,
        userStatus: UserStatus,
        refundPreference: RefundPreferenceV1? = nil
    ) {
        self.customerConsented = customerConsented
        self.consumptionStatus = consumptionStatus
        self.platform = platform
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.appAccountToken = appAccountToken
        self.accountTenure = accountTenure
        self.playTime = playTime
        self.lifetimeDollarsRefunded = lifetimeDollarsRefunded
        self.lifetimeDollarsPurchased = lifetimeDollarsPurchased
        self.userStatus = userStatus
        self.refundPreference = refundPreference
    }
}

/// A monthly subscription's 12-month commitment: Apple bills it every month until `expiresAt`
/// whatever the subscription's `autoRenewStatus` says, and `autoRenewStatus` here says whether
/// the commitment renews then (1) or the subscription ends with it (0: the customer cancelled,
/// billing and access continue until then). Times are milliseconds since 1970.
public struct CommitmentBody: Codable, Sendable, Hashable {
    /// Which billing period of the commitment the current period is (1 ... `totalBillingPeriods`).
    public var billingPeriodNumber: Int?
    public var totalBillingPeriods: Int?
    /// When the commitment ends (moved by a billing recovery's delay).
    public var expiresAt: Int64?
    /// Apple's `commitmentAutoRenewStatus`; absent before Apple said.
    public var autoRenewStatus: Int?
    /// The commitment's total price in milli-units of `currency` (admin record only).
    public var price: Int64?
    public var currency: String?
    /// The product and total price the commitment renews with (admin record only).
    public var autoRenewProductId: String?
    public var renewalPrice: Int64?

    public init(
        billingPeriodNumber: Int? = nil, totalBillingPeriods: Int? = nil, expiresAt: Int64? = nil, autoRenewStatus: Int? = nil,
        price: Int64? = nil, currency: String? = nil, autoRenewProductId: String? = nil, renewalPrice: Int64? = nil
    ) {
        self.billingPeriodNumber = billingPeriodNumber
        self.totalBillingPeriods = totalBillingPeriods
        self.expiresAt = expiresAt
        self.autoRenewStatus = autoRenewStatus
        self.price = price
        self.currency = currency
        self.autoRenewProductId = autoRenewProductId
        self.renewalPrice = renewalPrice
    }
}

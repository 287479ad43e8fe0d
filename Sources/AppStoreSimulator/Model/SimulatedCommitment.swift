public import AppStoreModels

/// A product's monthly plan with a 12-month commitment (App Store Connect's "monthly billing
/// plan" on a one-year subscription): the price of each monthly billing per storefront.
public struct MonthlyCommitmentConfig: Hashable, Sendable, Codable {
    /// Storefront code → the price of one monthly billing, in milli-units.
    public var prices: [String: Int64]
    /// How many monthly billings one commitment has.
    public var billingPeriods: Int32

    public init(prices: [String: Int64], billingPeriods: Int32 = 12) {
        self.prices = prices
        self.billingPeriods = billingPeriods
    }
}

extension CatalogProduct {
    /// The `billingPlanType` a transaction of this product carries: none unless the product
    /// offers a monthly plan; then `MONTHLY` under a commitment, `BILLED_UPFRONT` otherwise.
    func billingPlanType(underCommitment: Bool) -> BillingPlanType? {
        guard monthlyCommitment != nil else { return nil }
        return underCommitment ? .monthly : .billedUpfront
    }
}

/// The commitment a subscription billed monthly is in: which billing comes next, when the
/// commitment ends, and whether it renews then. Cancelling turns only the commitment's renewal
/// off; the monthly billings continue to its end.
public struct SimulatedCommitment: Hashable, Sendable, Codable {
    /// The billing period the current period pays for (1 ... `totalBillingPeriods`).
    public var billingPeriodNumber: Int32
    public var totalBillingPeriods: Int32
    /// When the commitment ends; a billing recovery moves it by the delay.
    public var expiresDate: Timestamp
    /// The price of each monthly billing.
    public var monthlyPrice: Int64
    /// Whether the commitment renews when it ends (`commitmentAutoRenewStatus`).
    public var renews: Bool

    public init(
        billingPeriodNumber: Int32 = 1, totalBillingPeriods: Int32, expiresDate: Timestamp, monthlyPrice: Int64,
        renews: Bool = true
    ) {
        self.billingPeriodNumber = billingPeriodNumber
        self.totalBillingPeriods = totalBillingPeriods
        self.expiresDate = expiresDate
        self.monthlyPrice = monthlyPrice
        self.renews = renews
    }

    /// Whether the current period is the commitment's last billing.
    public var isFinalPeriod: Bool { billingPeriodNumber >= totalBillingPeriods }

    /// The commitment details a transaction of the current period carries.
    var transactionInfo: TransactionCommitmentInfo {
        TransactionCommitmentInfo(
            billingPeriodNumber: billingPeriodNumber, totalBillingPeriods: totalBillingPeriods,
            commitmentExpiresDate: expiresDate, commitmentPrice: monthlyPrice * Int64(totalBillingPeriods))
    }

    /// The commitment details the renewal info carries.
    func renewalInfo(autoRenewProductId: String) -> RenewalCommitmentInfo {
        RenewalCommitmentInfo(
            commitmentAutoRenewProductId: autoRenewProductId, commitmentAutoRenewStatus: renews ? .on : .off,
            commitmentRenewalBillingPlanType: .monthly, commitmentRenewalDate: expiresDate,
            commitmentRenewalPrice: monthlyPrice * Int64(totalBillingPeriods))
    }
}

public import AppStoreModels

/// A monthly subscription with a 12-month commitment, as the view shows it.
///
/// Apple bills such a subscription every month, each billing a `DID_RENEW` with a transaction of
/// its own, and access follows each transaction's `expiresDate` like any subscription's; the
/// commitment's end is for display. Cancelling turns off the renewal of the commitment
/// (`commitmentAutoRenewStatus` 0), not the remaining billings: the renewal info's
/// `autoRenewStatus` stays 1, Apple keeps billing through the last period, and access ends with
/// it (`EXPIRED`). No billing grace period applies: access stops at a failed billing and
/// returns with the recovery, whose `commitmentExpiresDate` moves by the delay.
public struct SubscriptionCommitment: Hashable, Sendable, Codable {
    /// Which billing period of the commitment the current period is (1 ... `totalBillingPeriods`).
    public var billingPeriodNumber: Int?
    public var totalBillingPeriods: Int?
    /// When the commitment ends (after a billing recovery, the shifted date).
    public var expiresDate: Timestamp?
    /// The commitment's total price, in milli-units of `currency`.
    public var price: Int64?
    public var currency: String?
    /// Whether the commitment renews when it ends (`commitmentAutoRenewStatus`); nil before the
    /// renewal info said.
    public var renews: Bool?
    /// The product the commitment renews into, its billing plan and total price.
    public var renewalProductId: String?
    public var renewalBillingPlanType: RenewalBillingPlanType?
    public var renewalPrice: Int64?

    public init(
        billingPeriodNumber: Int? = nil, totalBillingPeriods: Int? = nil, expiresDate: Timestamp? = nil,
        price: Int64? = nil, currency: String? = nil, renews: Bool? = nil, renewalProductId: String? = nil,
        renewalBillingPlanType: RenewalBillingPlanType? = nil, renewalPrice: Int64? = nil
    ) {
        self.billingPeriodNumber = billingPeriodNumber
        self.totalBillingPeriods = totalBillingPeriods
        self.expiresDate = expiresDate
        self.price = price
        self.currency = currency
        self.renews = renews
        self.renewalProductId = renewalProductId
        self.renewalBillingPlanType = renewalBillingPlanType
        self.renewalPrice = renewalPrice
    }

    /// The commitment of `current`, if it is billed under one, with what the latest `renewal`
    /// info says of the commitment's renewal (a cancellation holds for every later billing of the
    /// commitment, whether or not their facts carried renewal info).
    init?(current: PaidPeriod, renewal: RenewalInfo?) {
        guard current.isBilledUnderCommitment else { return nil }
        let info = current.commitmentInfo
        let word = renewal?.commitment
        self.init(
            billingPeriodNumber: info?.billingPeriodNumber.map(Int.init),
            totalBillingPeriods: info?.totalBillingPeriods.map(Int.init), expiresDate: info?.commitmentExpiresDate,
            price: info?.commitmentPrice, currency: current.currency,
            renews: word?.commitmentAutoRenewStatus.map { $0 == .on }, renewalProductId: word?.commitmentAutoRenewProductId,
            renewalBillingPlanType: word?.commitmentRenewalBillingPlanType, renewalPrice: word?.commitmentRenewalPrice)
    }

    /// Whether the current period is the commitment's last billing.
    public var isFinalPeriod: Bool {
        guard let billingPeriodNumber, let totalBillingPeriods else { return false }
        return billingPeriodNumber >= totalBillingPeriods
    }

    /// Whether the subscription ends with the commitment: the customer cancelled it, and Apple
    /// keeps billing monthly until then.
    public var endsWithCommitment: Bool { renews == false }
}

/// What a customer view shows of a 12-month commitment ("billing period 4 of 12, the
/// commitment ends on …, renews / ends then"), kept beside the stored lifecycle state so the view
/// reads it from the customer index.
public struct CommitmentProgress: Hashable, Sendable, Codable {
    public var billingPeriodNumber: Int?
    public var totalBillingPeriods: Int?
    /// When the commitment ends.
    public var expiresAt: Timestamp?
    /// Apple's `commitmentAutoRenewStatus`: 1 when the commitment renews at `expiresAt`, 0 when
    /// the subscription ends then (billing continues monthly until then); absent before Apple said.
    public var autoRenewStatus: Int?

    public init(
        billingPeriodNumber: Int? = nil, totalBillingPeriods: Int? = nil, expiresAt: Timestamp? = nil,
        autoRenewStatus: Int? = nil
    ) {
        self.billingPeriodNumber = billingPeriodNumber
        self.totalBillingPeriods = totalBillingPeriods
        self.expiresAt = expiresAt
        self.autoRenewStatus = autoRenewStatus
    }

    public init(_ commitment: SubscriptionCommitment) {
        self.init(
            billingPeriodNumber: commitment.billingPeriodNumber, totalBillingPeriods: commitment.totalBillingPeriods,
            expiresAt: commitment.expiresDate, autoRenewStatus: commitment.renews.map { $0 ? 1 : 0 })
    }
}

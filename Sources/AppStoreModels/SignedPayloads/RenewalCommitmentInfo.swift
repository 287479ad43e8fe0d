/// Commitment details of the next renewal of a monthly subscription with a 12-month commitment
/// (`commitmentInfo` of renewal info).
public struct RenewalCommitmentInfo: Hashable, Sendable, Codable {
    /// The product identifier the commitment renews to.
    public var commitmentAutoRenewProductId: String?
    /// Whether the commitment renews automatically.
    public var commitmentAutoRenewStatus: AutoRenewStatus?
    /// The billing plan of the next commitment.
    public var commitmentRenewalBillingPlanType: RenewalBillingPlanType?
    /// When the commitment renews (milliseconds since 1970).
    public var commitmentRenewalDate: Timestamp?
    /// The price of the next commitment, in milliunits of the renewal currency.
    public var commitmentRenewalPrice: Int64?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        commitmentAutoRenewProductId: String? = nil,
        commitmentAutoRenewStatus: AutoRenewStatus? = nil,
        commitmentRenewalBillingPlanType: RenewalBillingPlanType? = nil,
        commitmentRenewalDate: Timestamp? = nil,
        commitmentRenewalPrice: Int64? = nil
    ) {
        self.commitmentAutoRenewProductId = commitmentAutoRenewProductId
        self.commitmentAutoRenewStatus = commitmentAutoRenewStatus
        self.commitmentRenewalBillingPlanType = commitmentRenewalBillingPlanType
        self.commitmentRenewalDate = commitmentRenewalDate
        self.commitmentRenewalPrice = commitmentRenewalPrice
    }
}

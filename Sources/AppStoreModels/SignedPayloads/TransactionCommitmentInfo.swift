/// Commitment details of a transaction for a monthly subscription with a 12-month commitment
/// (`commitmentInfo` of a transaction).
public struct TransactionCommitmentInfo: Hashable, Sendable, Codable {
    /// Which billing period of the commitment this transaction pays for (1...12).
    public var billingPeriodNumber: Int32?
    /// The total number of billing periods in the commitment.
    public var totalBillingPeriods: Int32?
    /// When the commitment ends (milliseconds since 1970).
    public var commitmentExpiresDate: Timestamp?
    /// The total price of the commitment, in milliunits of the transaction currency.
    public var commitmentPrice: Int64?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        billingPeriodNumber: Int32? = nil,
        totalBillingPeriods: Int32? = nil,
        commitmentExpiresDate: Timestamp? = nil,
        commitmentPrice: Int64? = nil
    ) {
        self.billingPeriodNumber = billingPeriodNumber
        self.totalBillingPeriods = totalBillingPeriods
        self.commitmentExpiresDate = commitmentExpiresDate
        self.commitmentPrice = commitmentPrice
    }
}

/// One refund applied to an Advanced Commerce API item.
public struct AdvancedCommerceRefund: Hashable, Sendable, Codable {
    /// The refunded amount, in milliunits.
    public var refundAmount: Int64?
    /// When the refund happened (milliseconds since 1970).
    public var refundDate: Timestamp?
    /// Why the refund was made.
    public var refundReason: AdvancedCommerceRefundReason?
    /// Full, prorated, or custom refund.
    public var refundType: AdvancedCommerceRefundType?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        refundAmount: Int64? = nil,
        refundDate: Timestamp? = nil,
        refundReason: AdvancedCommerceRefundReason? = nil,
        refundType: AdvancedCommerceRefundType? = nil
    ) {
        self.refundAmount = refundAmount
        self.refundDate = refundDate
        self.refundReason = refundReason
        self.refundType = refundType
    }
}

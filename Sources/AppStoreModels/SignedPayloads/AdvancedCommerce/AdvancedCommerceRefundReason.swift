/// The reason for an Advanced Commerce API refund.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AdvancedCommerceRefundReason: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer did not intend the purchase.
    public static let unintendedPurchase = AdvancedCommerceRefundReason(rawValue: "UNINTENDED_PURCHASE")
    /// The customer had an issue with fulfilment.
    public static let fulfillmentIssue = AdvancedCommerceRefundReason(rawValue: "FULFILLMENT_ISSUE")
    /// The customer was unsatisfied.
    public static let unsatisfiedWithPurchase = AdvancedCommerceRefundReason(rawValue: "UNSATISFIED_WITH_PURCHASE")
    /// A legal reason.
    public static let legal = AdvancedCommerceRefundReason(rawValue: "LEGAL")
    /// Another reason.
    public static let other = AdvancedCommerceRefundReason(rawValue: "OTHER")
    /// A refund caused by modifying the items of a subscription.
    public static let modifyItemsRefund = AdvancedCommerceRefundReason(rawValue: "MODIFY_ITEMS_REFUND")
    /// Sandbox only: simulate a declined refund.
    public static let simulateRefundDecline = AdvancedCommerceRefundReason(rawValue: "SIMULATE_REFUND_DECLINE")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [AdvancedCommerceRefundReason] = [
        .unintendedPurchase,
        .fulfillmentIssue,
        .unsatisfiedWithPurchase,
        .legal,
        .other,
        .modifyItemsRefund,
        .simulateRefundDecline,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

/// The reason the customer gave for a refund request (`consumptionRequestReason`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct ConsumptionRequestReason: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer did not intend to make the purchase.
    public static let unintendedPurchase = ConsumptionRequestReason(rawValue: "UNINTENDED_PURCHASE")
    /// The customer had an issue receiving or using the product.
    public static let fulfillmentIssue = ConsumptionRequestReason(rawValue: "FULFILLMENT_ISSUE")
    /// The customer was not satisfied with the product.
    public static let unsatisfiedWithPurchase = ConsumptionRequestReason(rawValue: "UNSATISFIED_WITH_PURCHASE")
    /// The customer asked for a refund for a legal reason.
    public static let legal = ConsumptionRequestReason(rawValue: "LEGAL")
    /// Another reason.
    public static let other = ConsumptionRequestReason(rawValue: "OTHER")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [ConsumptionRequestReason] = [
        .unintendedPurchase,
        .fulfillmentIssue,
        .unsatisfiedWithPurchase,
        .legal,
        .other,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

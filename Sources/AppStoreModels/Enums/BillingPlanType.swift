/// The billing plan of a transaction for a subscription with a 12-month commitment (`billingPlanType`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct BillingPlanType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The whole commitment is billed up front.
    public static let billedUpfront = BillingPlanType(rawValue: "BILLED_UPFRONT")
    /// Billed monthly over a 12-month commitment.
    public static let monthly = BillingPlanType(rawValue: "MONTHLY")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [BillingPlanType] = [
        .billedUpfront,
        .monthly,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

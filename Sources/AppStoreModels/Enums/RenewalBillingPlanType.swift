/// The billing plan of the next renewal for a subscription with a 12-month commitment (`renewalBillingPlanType`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct RenewalBillingPlanType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The next commitment is billed up front.
    public static let billedUpfront = RenewalBillingPlanType(rawValue: "BILLED_UPFRONT")
    /// The next commitment is billed monthly.
    public static let monthly = RenewalBillingPlanType(rawValue: "MONTHLY")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [RenewalBillingPlanType] = [
        .billedUpfront,
        .monthly,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

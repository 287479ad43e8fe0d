/// The state of an Advanced Commerce API price increase for a renewal item.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AdvancedCommercePriceIncreaseInfoStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The price increase is scheduled.
    public static let scheduled = AdvancedCommercePriceIncreaseInfoStatus(rawValue: "SCHEDULED")
    /// Waiting for customer consent.
    public static let pending = AdvancedCommercePriceIncreaseInfoStatus(rawValue: "PENDING")
    /// The customer accepted it.
    public static let accepted = AdvancedCommercePriceIncreaseInfoStatus(rawValue: "ACCEPTED")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [AdvancedCommercePriceIncreaseInfoStatus] = [
        .scheduled,
        .pending,
        .accepted,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

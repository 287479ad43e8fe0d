/// Why more than one transaction represents one subscription period
/// (`additionalTransactionReason`); absent when one transaction represents the period.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AdditionalTransactionReason: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The group purchaser added seats partway through the period: both the period's transaction
    /// and the one for the added seats carry this reason.
    public static let seatAddition = AdditionalTransactionReason(rawValue: "SEAT_ADDITION")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [AdditionalTransactionReason] = [.seatAddition]

    /// The raw value as text.
    public var description: String { rawValue }
}

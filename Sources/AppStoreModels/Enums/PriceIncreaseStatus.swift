/// Whether an auto-renewable subscription is subject to a price increase (`priceIncreaseStatus`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct PriceIncreaseStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The customer has not yet responded to a price increase that requires consent.
    public static let notResponded = PriceIncreaseStatus(rawValue: 0)
    /// The customer consented to the increase, or was notified of one that needs no consent.
    public static let consentedOrNotified = PriceIncreaseStatus(rawValue: 1)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [PriceIncreaseStatus] = [
        .notResponded,
        .consentedOrNotified,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

/// Why an Advanced Commerce API offer was given.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AdvancedCommerceOfferReason: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// To acquire a new customer.
    public static let acquisition = AdvancedCommerceOfferReason(rawValue: "ACQUISITION")
    /// To win back a lapsed customer.
    public static let winBack = AdvancedCommerceOfferReason(rawValue: "WIN_BACK")
    /// To retain an existing customer.
    public static let retention = AdvancedCommerceOfferReason(rawValue: "RETENTION")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [AdvancedCommerceOfferReason] = [
        .acquisition,
        .winBack,
        .retention,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

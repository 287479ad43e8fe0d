/// The kind of refund or revocation applied to a transaction (`revocationType`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct RevocationType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A full refund.
    public static let refundFull = RevocationType(rawValue: "REFUND_FULL")
    /// A prorated refund; see `revocationPercentage`.
    public static let refundProrated = RevocationType(rawValue: "REFUND_PRORATED")
    /// Access removed from a Family Sharing member.
    public static let familyRevoke = RevocationType(rawValue: "FAMILY_REVOKE")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [RevocationType] = [
        .refundFull,
        .refundProrated,
        .familyRevoke,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

/// Why the App Store refunded or revoked a transaction (`revocationReason`; legacy `cancellation_reason`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct RevocationReason: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Refunded for another reason, for example an accidental purchase.
    public static let other = RevocationReason(rawValue: 0)
    /// Refunded because of an actual or perceived issue within the app.
    public static let appIssue = RevocationReason(rawValue: 1)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [RevocationReason] = [
        .other,
        .appIssue,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

/// The renewal status of an auto-renewable subscription (`autoRenewStatus`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct AutoRenewStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Automatic renewal is off; the subscription expires at the end of the current period.
    public static let off = AutoRenewStatus(rawValue: 0)
    /// Automatic renewal is on; the subscription renews at the end of the current period.
    public static let on = AutoRenewStatus(rawValue: 1)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [AutoRenewStatus] = [
        .off,
        .on,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

/// The kind of an external purchase custom link token (`tokenType`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct ExternalPurchaseTokenType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A custom link token for services.
    public static let services = ExternalPurchaseTokenType(rawValue: "SERVICES")
    /// A custom link token for customer acquisition.
    public static let acquisition = ExternalPurchaseTokenType(rawValue: "ACQUISITION")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [ExternalPurchaseTokenType] = [
        .services,
        .acquisition,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

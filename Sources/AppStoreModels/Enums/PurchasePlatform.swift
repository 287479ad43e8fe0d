/// The platform on which the customer originally bought the app (`originalPlatform`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct PurchasePlatform: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// iOS (and iPadOS).
    public static let iOS = PurchasePlatform(rawValue: "iOS")
    /// macOS.
    public static let macOS = PurchasePlatform(rawValue: "macOS")
    /// tvOS.
    public static let tvOS = PurchasePlatform(rawValue: "tvOS")
    /// visionOS.
    public static let visionOS = PurchasePlatform(rawValue: "visionOS")
    /// watchOS.
    public static let watchOS = PurchasePlatform(rawValue: "watchOS")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [PurchasePlatform] = [
        .iOS,
        .macOS,
        .tvOS,
        .visionOS,
        .watchOS,
    ]

    /// The raw value as text.
    public var description: String { rawValue }
}

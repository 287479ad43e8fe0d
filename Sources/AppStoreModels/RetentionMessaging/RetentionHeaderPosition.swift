/// Where a retention message's header appears (`headerPosition`, Retention Messaging API 1.4):
/// above the body (Apple's default) or above the message's image.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct RetentionHeaderPosition: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Above the body text (the default when the field is absent).
    public static let aboveBody = RetentionHeaderPosition(rawValue: "ABOVE_BODY")
    /// Above the image; Apple refuses it on a message without an image.
    public static let aboveImage = RetentionHeaderPosition(rawValue: "ABOVE_IMAGE")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [RetentionHeaderPosition] = [.aboveBody, .aboveImage]

    /// The raw value as text.
    public var description: String { rawValue }
}

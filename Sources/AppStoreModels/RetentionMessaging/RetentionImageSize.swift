/// The size of a retention image (`imageSize`, Retention Messaging API 1.4), the Upload Image
/// query parameter: a full-size image shown above a message's body (Apple's default) or a bullet
/// point's icon. A message's image must be full-size and a bullet point's image bullet-point
/// size; Apple refuses either mismatch with `BadRequestImageSizeError`.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct RetentionImageSize: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 3840 pixels wide, 160 to 2160 high (the default when the parameter is absent).
    public static let fullSize = RetentionImageSize(rawValue: "FULL_SIZE")
    /// 1024 × 1024 pixels.
    public static let bulletPoint = RetentionImageSize(rawValue: "BULLET_POINT")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [RetentionImageSize] = [.fullSize, .bulletPoint]

    /// The raw value as text.
    public var description: String { rawValue }

    /// Whether Apple accepts an image of `width` × `height` pixels at this size (Upload Image:
    /// "the width must be 3840 pixels, and the height can be between 160 to 2160"; bullet-point
    /// images "are 1024 x 1024 pixels"). An undocumented size accepts nothing.
    public func admits(width: Int, height: Int) -> Bool {
        switch self {
        case .fullSize: width == 3840 && (160...2160).contains(height)
        case .bulletPoint: width == 1024 && height == 1024
        default: false
        }
    }

    /// The dimensions Apple requires, as operators read them.
    public var requirement: String {
        switch self {
        case .fullSize: "3840 pixels wide and 160 to 2160 high"
        case .bulletPoint: "1024 × 1024 pixels"
        default: "a documented imageSize (FULL_SIZE or BULLET_POINT)"
        }
    }
}

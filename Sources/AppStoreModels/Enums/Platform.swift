/// The platform on which the customer consumed the In-App Purchase (`platform`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct Platform: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared.
    public static let undeclared = Platform(rawValue: 0)
    /// An Apple platform.
    public static let apple = Platform(rawValue: 1)
    /// A non-Apple platform.
    public static let nonApple = Platform(rawValue: 2)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [Platform] = [
        .undeclared,
        .apple,
        .nonApple,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

/// The status of the customer's account in your app (`userStatus`).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct UserStatus: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int32
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared.
    public static let undeclared = UserStatus(rawValue: 0)
    /// The account is active.
    public static let active = UserStatus(rawValue: 1)
    /// The account is suspended.
    public static let suspended = UserStatus(rawValue: 2)
    /// The account is terminated.
    public static let terminated = UserStatus(rawValue: 3)
    /// The account has limited access.
    public static let limitedAccess = UserStatus(rawValue: 4)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [UserStatus] = [
        .undeclared,
        .active,
        .suspended,
        .terminated,
        .limitedAccess,
    ]

    /// The raw value as text.
    public var description: String { String(rawValue) }
}

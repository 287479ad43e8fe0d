/// A customer's role for one product within a group (`role` of a `RoleEntry`); reported only
/// for `ORGANIZATION` groups and informational: access follows the customer's transactions.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct GroupRole: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An administrator of the group for the product.
    public static let admin = GroupRole(rawValue: "ADMIN")
    /// No role for the product.
    public static let noRole = GroupRole(rawValue: "NONE")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [GroupRole] = [.admin, .noRole]

    /// The raw value as text.
    public var description: String { rawValue }
}

/// The kind of multiseat purchase a customer's group access comes from (`groupType` of a
/// Get Customer Groups entry).
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct GroupType: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: String
    /// Wraps any raw value, documented or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Volume Purchasing: an organization bought the seats (Apple Business or School Manager).
    public static let organization = GroupType(rawValue: "ORGANIZATION")
    /// Group Purchases: a subscriber bought several seats and invited others.
    public static let consumer = GroupType(rawValue: "CONSUMER")

    /// Every value Apple documented when this type was written.
    public static let knownValues: [GroupType] = [.organization, .consumer]

    /// The raw value as text.
    public var description: String { rawValue }
}

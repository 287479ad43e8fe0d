public import AppStoreModels

/// A person who runs an app's purchases: support and finance staff. Authenticates with a key of
/// its own (only the key's SHA-256 is stored) and sees only the apps it is given.
public struct Operator: Sendable, Hashable, Codable {
    /// Unique; 1–64 characters of lowercase letters, digits and `._@-` (see ``isValidName(_:)``).
    public var name: String
    public var role: OperatorRole
    /// The app ids this operator may see, sorted; never empty. Another app's routes answer 404.
    public var apps: [String]
    /// SHA-256 of the operator's key, lowercase hex.
    public var keyHash: String
    public var createdAt: Timestamp
    /// When set, the key no longer authenticates.
    public var disabledAt: Timestamp?

    public init(
        name: String, role: OperatorRole, apps: [String], keyHash: String, createdAt: Timestamp, disabledAt: Timestamp? = nil
    ) {
        self.name = name
        self.role = role
        self.apps = apps.sorted()
        self.keyHash = keyHash
        self.createdAt = createdAt
        self.disabledAt = disabledAt
    }

    /// Whether this operator, while enabled, may do what `role` allows in `app`.
    public func may(_ role: OperatorRole, app: String) -> Bool {
        disabledAt == nil && self.role >= role && apps.contains(app)
    }

    /// Whether `name` may name an operator: 1–64 characters of `a-z`, `0-9`, `.`, `_`, `@`, `-`,
    /// neither `.` nor `..` (names appear in paths).
    public static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), name != ".", name != ".." else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "@")
                || byte == UInt8(ascii: "-")
        }
    }
}

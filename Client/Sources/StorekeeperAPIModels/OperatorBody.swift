/// An operator as the admin API shows it (never its key). Times are milliseconds since 1970.
public struct OperatorBody: Codable, Sendable, Hashable {
    public var name: String
    /// `viewer`, `support` or `admin`.
    public var role: String
    /// The apps the operator works on (those the caller may see).
    public var apps: [String]
    public var createdAt: Int64
    public var disabledAt: Int64?

    public init(name: String, role: String, apps: [String], createdAt: Int64, disabledAt: Int64? = nil) {
        self.name = name
        self.role = role
        self.apps = apps
        self.createdAt = createdAt
        self.disabledAt = disabledAt
    }
}

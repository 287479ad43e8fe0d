/// `POST /v1/admin/operators`.
public struct CreateOperatorRequest: Codable, Sendable, Hashable {
    public var name: String
    /// `viewer`, `support` or `admin`.
    public var role: String
    public var apps: [String]
    /// Why, for the audit log.
    public var reason: String

    public init(name: String, role: String, apps: [String], reason: String) {
        self.name = name
        self.role = role
        self.apps = apps
        self.reason = reason
    }
}

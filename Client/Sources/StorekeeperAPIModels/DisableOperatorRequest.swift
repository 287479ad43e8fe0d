/// `POST /v1/admin/operators/{name}/disable`.
public struct DisableOperatorRequest: Codable, Sendable, Hashable {
    /// Why, for the audit log.
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// A status answer: what a notification delivery came to, or the health checks' outcome.
public struct ServiceStatusResponse: Codable, Sendable, Hashable {
    public var status: String
    /// Check name → its outcome, for the health routes.
    public var checks: [String: String]?

    public init(status: String, checks: [String: String]? = nil) {
        self.status = status
        self.checks = checks
    }
}

/// The groups a customer belongs to through multiseat purchases, and their role in each
/// (Get Customer Groups' `GetCustomerGroupsResponse`).
public struct CustomerGroupsResponse: Hashable, Sendable, Codable {
    /// One entry per group.
    public var groups: [GroupEntry]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(groups: [GroupEntry]? = nil) {
        self.groups = groups
    }
}

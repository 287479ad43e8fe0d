/// One group a customer belongs to: its identifier, its kind and the customer's role per product.
public struct GroupEntry: Hashable, Sendable, Codable {
    /// The group's identifier, for Get Group Members.
    public var groupId: String?
    /// `ORGANIZATION` (Volume Purchasing) or `CONSUMER` (Group Purchases).
    public var groupType: GroupType?
    /// The customer's role for each product the group gives access to (`ORGANIZATION` only).
    public var roles: [RoleEntry]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(groupId: String? = nil, groupType: GroupType? = nil, roles: [RoleEntry]? = nil) {
        self.groupId = groupId
        self.groupType = groupType
        self.roles = roles
    }
}

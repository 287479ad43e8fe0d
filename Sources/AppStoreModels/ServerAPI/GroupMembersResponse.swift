/// A page of the customers that belong to a group (Get Group Members' `GetGroupMembersResponse`).
public struct GroupMembersResponse: Hashable, Sendable, Codable {
    /// The members of this page.
    public var members: [GroupMemberEntry]?
    /// Whether another page follows; ask for it with `paginationToken`.
    public var hasMore: Bool?
    /// The token of the next page.
    public var paginationToken: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(members: [GroupMemberEntry]? = nil, hasMore: Bool? = nil, paginationToken: String? = nil) {
        self.members = members
        self.hasMore = hasMore
        self.paginationToken = paginationToken
    }
}

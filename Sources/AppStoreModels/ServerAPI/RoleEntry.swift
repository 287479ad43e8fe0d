/// A customer's role for one product within a group.
public struct RoleEntry: Hashable, Sendable, Codable {
    /// The product the role applies to.
    public var productId: String?
    /// The role (`ADMIN`, `NONE`).
    public var role: GroupRole?

    /// Creates a value; every optional field defaults to `nil`.
    public init(productId: String? = nil, role: GroupRole? = nil) {
        self.productId = productId
        self.role = role
    }
}

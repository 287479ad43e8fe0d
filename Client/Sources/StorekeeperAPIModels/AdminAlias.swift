/// A customer (a guest) merged into the one a record shows, and when.
public struct AdminAlias: Codable, Sendable, Hashable {
    public var customerId: String
    /// Milliseconds since 1970.
    public var createdAt: Int64

    public init(customerId: String, createdAt: Int64) {
        self.customerId = customerId
        self.createdAt = createdAt
    }
}

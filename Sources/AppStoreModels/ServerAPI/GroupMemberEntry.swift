/// A customer that belongs to a group, identified by their app transaction identifier.
public struct GroupMemberEntry: Hashable, Sendable, Codable {
    /// The member's app transaction identifier for the app.
    public var appTransactionId: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(appTransactionId: String? = nil) {
        self.appTransactionId = appTransactionId
    }
}

/// A subscription a resync moved: before and after (absent when it did not exist then).
public struct SubscriptionChange: Codable, Sendable, Hashable {
    public var originalTransactionId: String
    public var before: SubscriptionSnapshot?
    public var after: SubscriptionSnapshot?

    public init(originalTransactionId: String, before: SubscriptionSnapshot? = nil, after: SubscriptionSnapshot? = nil) {
        self.originalTransactionId = originalTransactionId
        self.before = before
        self.after = after
    }
}

/// What a backfill found in Apple's Notification History and did. Times are milliseconds since 1970.
public struct BackfillResult: Codable, Sendable, Hashable {
    public var environment: String
    public var from: Int64
    public var to: Int64
    /// Notifications Apple's history holds for the window.
    public var seen: Int
    /// Of `seen`, those the inbox already had (processed or rejected).
    public var known: Int
    /// Of `seen`, those stored and applied now.
    public var recovered: Int
    public var rejected: Int

    public init(environment: String, from: Int64, to: Int64, seen: Int, known: Int, recovered: Int, rejected: Int) {
        self.environment = environment
        self.from = from
        self.to = to
        self.seen = seen
        self.known = known
        self.recovered = recovered
        self.rejected = rejected
    }
}

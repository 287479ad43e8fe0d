/// `GET /v1/admin/apps/{app}/customers/{customer}/timeline`.
public struct AdminTimelinePage: Codable, Sendable, Hashable {
    public var customerId: String
    /// Newest first.
    public var entries: [AdminTimelineEntry]
    /// Pass as `before` for the next (older) page; absent on the last page.
    public var nextCursor: String?

    public init(customerId: String, entries: [AdminTimelineEntry], nextCursor: String? = nil) {
        self.customerId = customerId
        self.entries = entries
        self.nextCursor = nextCursor
    }
}

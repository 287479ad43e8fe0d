/// The response of Get Notification History: one page of notifications the App Store tried to send.
public struct NotificationHistoryResponse: Hashable, Sendable, Codable {
    /// The token to pass as `paginationToken` to get the next page.
    public var paginationToken: String?
    /// Whether more notifications are available.
    public var hasMore: Bool?
    /// The notifications of this page.
    public var notificationHistory: [NotificationHistoryResponseItem]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        paginationToken: String? = nil,
        hasMore: Bool? = nil,
        notificationHistory: [NotificationHistoryResponseItem]? = nil
    ) {
        self.paginationToken = paginationToken
        self.hasMore = hasMore
        self.notificationHistory = notificationHistory
    }
}

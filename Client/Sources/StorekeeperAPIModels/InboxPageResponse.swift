/// `GET /v1/admin/apps/{app}/notifications`: a page of the inbox, newest first.
public struct InboxPageResponse: Codable, Sendable, Hashable {
    public var notifications: [InboxEntryBody]
    /// Pass as `before` for the next (older) page; absent on the last page.
    public var next: String?

    public init(notifications: [InboxEntryBody], next: String? = nil) {
        self.notifications = notifications
        self.next = next
    }
}

/// `GET /v1/admin/apps/{app}/audit`: a page of the audit log, newest first.
public struct AuditPage: Codable, Sendable, Hashable {
    public var events: [AuditEventBody]
    /// Pass as `before` for the next (older) page; absent on the last page.
    public var next: String?

    public init(events: [AuditEventBody], next: String? = nil) {
        self.events = events
        self.next = next
    }
}

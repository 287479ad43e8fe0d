/// `GET .../timeline/{id}/raw`: Apple's signed data behind a timeline entry.
public struct AdminTimelineRaw: Codable, Sendable, Hashable {
    public var id: String
    /// `notificationBody` (the body Apple posted, as received), `signedTransaction` (a JWS taken
    /// from the notification that carried the transaction, or Apple's current signed form).
    public var format: String
    /// Where it was read: `inbox` (stored as received) or `apple` (asked now).
    public var origin: String
    /// The notification that carried it, for a transaction read from the inbox.
    public var notificationId: String?
    /// The raw text (JSON body or compact JWS).
    public var raw: String

    public init(id: String, format: String, origin: String, notificationId: String? = nil, raw: String) {
        self.id = id
        self.format = format
        self.origin = origin
        self.notificationId = notificationId
        self.raw = raw
    }
}

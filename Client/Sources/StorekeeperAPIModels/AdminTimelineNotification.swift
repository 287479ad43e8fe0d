/// A notification on a timeline, decoded (the body is one click away). Times are milliseconds
/// since 1970.
public struct AdminTimelineNotification: Codable, Sendable, Hashable {
    public var id: String
    public var version: Int
    public var notificationType: String?
    public var subtype: String?
    public var signedDate: Int64?
    public var receivedAt: Int64
    /// `received`, `processed`, `failed`, `rejected`.
    public var status: String
    public var attempts: Int
    public var lastError: String?
    public var processedAt: Int64?

    public init(
        id: String, version: Int, notificationType: String? = nil, subtype: String? = nil, signedDate: Int64? = nil,
        receivedAt: Int64, status: String, attempts: Int, lastError: String? = nil, processedAt: Int64? = nil
    ) {
        self.id = id
        self.version = version
        self.notificationType = notificationType
        self.subtype = subtype
        self.signedDate = signedDate
        self.receivedAt = receivedAt
        self.status = status
        self.attempts = attempts
        self.lastError = lastError
        self.processedAt = processedAt
    }
}

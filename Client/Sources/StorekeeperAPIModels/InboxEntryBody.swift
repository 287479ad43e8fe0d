/// One notification of the inbox without its body. Times are milliseconds since 1970.
public struct InboxEntryBody: Codable, Sendable, Hashable {
    /// The `notificationUUID` (V2) or Storekeeper's id of a V1 body.
    public var id: String
    /// 2 (signed) or 1 (JSON).
    public var version: Int
    public var environment: String?
    public var receivedAt: Int64
    /// `pending` (not processed yet), `processed`, `failed`, `rejected`.
    public var status: String
    public var attempts: Int
    /// How many times Apple delivered it again.
    public var duplicates: Int
    public var lastError: String?
    public var notificationType: String?
    public var subtype: String?
    public var signedDate: Int64?
    public var processedAt: Int64?
    public var bodyBytes: Int

    public init(
        id: String, version: Int, environment: String? = nil, receivedAt: Int64, status: String, attempts: Int, duplicates: Int,
        lastError: String? = nil, notificationType: String? = nil, subtype: String? = nil, signedDate: Int64? = nil,
        processedAt: Int64? = nil, bodyBytes: Int
    ) {
        self.id = id
        self.version = version
        self.environment = environment
        self.receivedAt = receivedAt
        self.status = status
        self.attempts = attempts
        self.duplicates = duplicates
        self.lastError = lastError
        self.notificationType = notificationType
        self.subtype = subtype
        self.signedDate = signedDate
        self.processedAt = processedAt
        self.bodyBytes = bodyBytes
    }
}

/// The body of Get Notification History (`POST /inApps/v1/notifications/history`); the
/// `paginationToken` goes in the query.
///
/// `startDate` must be within the past 180 days and before `endDate`. Give either `transactionId`
/// or `notificationType`, not both; a `notificationSubtype` needs its `notificationType`.
public struct NotificationHistoryRequest: Hashable, Sendable, Codable {
    /// The start of the time span (milliseconds since 1970, inclusive).
    public var startDate: Timestamp
    /// The end of the time span (milliseconds since 1970, exclusive; a future date means now).
    public var endDate: Timestamp
    /// Only notifications of this type.
    public var notificationType: NotificationTypeV2?
    /// Only notifications of this subtype (requires `notificationType`).
    public var notificationSubtype: NotificationSubtype?
    /// Only notifications about the customer owning this transaction (any transaction identifier).
    public var transactionId: String?
    /// Only notifications that have not reached your server (including ones still being retried).
    public var onlyFailures: Bool?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        startDate: Timestamp,
        endDate: Timestamp,
        notificationType: NotificationTypeV2? = nil,
        notificationSubtype: NotificationSubtype? = nil,
        transactionId: String? = nil,
        onlyFailures: Bool? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.notificationType = notificationType
        self.notificationSubtype = notificationSubtype
        self.transactionId = transactionId
        self.onlyFailures = onlyFailures
    }
}

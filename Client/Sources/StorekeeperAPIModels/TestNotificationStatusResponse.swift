/// `GET .../notifications/test/{token}`: Apple's record of sending its TEST notification, and
/// the inbox's entry for it.
public struct TestNotificationStatusResponse: Codable, Sendable, Hashable {
    /// One of Apple's attempts to send it, as Apple's Get Test Notification Status answers it.
    public struct SendAttempt: Codable, Sendable, Hashable {
        /// Milliseconds since 1970.
        public var attemptDate: Int64?
        /// Apple's `sendAttemptResult` (`SUCCESS`, `TIMED_OUT`, ...).
        public var sendAttemptResult: String?

        public init(attemptDate: Int64? = nil, sendAttemptResult: String? = nil) {
            self.attemptDate = attemptDate
            self.sendAttemptResult = sendAttemptResult
        }
    }

    public var environment: String
    public var testNotificationToken: String
    public var notificationUUID: String?
    public var firstSendAttemptResult: String?
    public var sendAttempts: [SendAttempt]
    /// Whether the inbox holds it.
    public var arrived: Bool
    public var inbox: InboxEntryBody?

    public init(
        environment: String, testNotificationToken: String, notificationUUID: String? = nil, firstSendAttemptResult: String? = nil,
        sendAttempts: [SendAttempt], arrived: Bool, inbox: InboxEntryBody? = nil
    ) {
        self.environment = environment
        self.testNotificationToken = testNotificationToken
        self.notificationUUID = notificationUUID
        self.firstSendAttemptResult = firstSendAttemptResult
        self.sendAttempts = sendAttempts
        self.arrived = arrived
        self.inbox = inbox
    }
}

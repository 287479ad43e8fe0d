/// The response of Request a Test Notification (`POST /inApps/v1/notifications/test`).
public struct SendTestNotificationResponse: Hashable, Sendable, Codable {
    /// The token to pass to Get Test Notification Status.
    public var testNotificationToken: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(testNotificationToken: String? = nil) {
        self.testNotificationToken = testNotificationToken
    }
}

/// Apple's token for the TEST notification it was asked to send.
public struct TestNotificationResult: Codable, Sendable, Hashable {
    public var environment: String
    public var testNotificationToken: String

    public init(environment: String, testNotificationToken: String) {
        self.environment = environment
        self.testNotificationToken = testNotificationToken
    }
}

/// One attempt by the App Store to deliver a notification to your server.
public struct SendAttemptItem: Hashable, Sendable, Codable {
    /// When the App Store tried to send the notification (milliseconds since 1970).
    public var attemptDate: Timestamp?
    /// The outcome of the attempt.
    public var sendAttemptResult: SendAttemptResult?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        attemptDate: Timestamp? = nil,
        sendAttemptResult: SendAttemptResult? = nil
    ) {
        self.attemptDate = attemptDate
        self.sendAttemptResult = sendAttemptResult
    }
}

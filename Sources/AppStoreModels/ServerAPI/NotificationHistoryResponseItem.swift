/// One notification in a ``NotificationHistoryResponse``: the signed payload and every delivery
/// attempt.
public struct NotificationHistoryResponseItem: Hashable, Sendable, Codable {
    /// The notification exactly as sent (JWS of a ``ResponseBodyV2DecodedPayload``).
    public var signedPayload: String?
    /// Every attempt to send the notification, oldest first.
    public var sendAttempts: [SendAttemptItem]?
    /// Deprecated: the result of the first attempt; use the first element of `sendAttempts`.
    public var firstSendAttemptResult: SendAttemptResult?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        signedPayload: String? = nil,
        sendAttempts: [SendAttemptItem]? = nil,
        firstSendAttemptResult: SendAttemptResult? = nil
    ) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
        self.firstSendAttemptResult = firstSendAttemptResult
    }
}

public import Foundation

/// One CONSUMPTION_REQUEST and how Storekeeper answered it. Times are milliseconds since 1970.
public struct ConsumptionRequestBody: Codable, Sendable, Hashable {
    /// The `status` of a request Storekeeper did not answer (see `notSentReason`).
    public static let notSent = "notSent"

    public var id: UUID
    public var environment: String
    public var transactionId: String
    public var customerId: String?
    /// When Apple signed the CONSUMPTION_REQUEST, and the end of its 12-hour window.
    public var requestedAt: Int64
    public var deadline: Int64?
    /// When Storekeeper decided: queued the answer, or chose not to send one.
    public var decidedAt: Int64
    /// When the answer was queued (absent when none was).
    public var queuedAt: Int64?
    /// How the answer's sending stands: `pending`, `delivered`, `failed`, `skipped` (Apple refuses
    /// the transaction; not retried), or `notSent`.
    public var status: String
    /// Why no answer was sent: `noConsent` (Apple accepts consumption data only with the
    /// customer's consent).
    public var notSentReason: String?
    public var attempts: Int
    public var lastError: String?
    public var deliveredAt: Int64?
    /// Milliseconds left in Apple's window (0 once it closed), while an answer is pending or
    /// none was sent; absent once the answer was sent or given up.
    public var timeLeft: Int64?
    /// Whether the answer reached Apple before the deadline (absent while pending or not sent).
    public var answeredInTime: Bool?
    /// The answer as sent to Apple.
    public var answer: ConsumptionAnswer?

    public init(
        id: UUID, environment: String, transactionId: String, customerId: String? = nil, requestedAt: Int64, deadline: Int64? = nil,
        decidedAt: Int64, queuedAt: Int64? = nil, status: String, notSentReason: String? = nil, attempts: Int,
        lastError: String? = nil, deliveredAt: Int64? = nil, timeLeft: Int64? = nil, answeredInTime: Bool? = nil,
        answer: ConsumptionAnswer? = nil
    ) {
        self.id = id
        self.environment = environment
        self.transactionId = transactionId
        self.customerId = customerId
        self.requestedAt = requestedAt
        self.deadline = deadline
        self.decidedAt = decidedAt
        self.queuedAt = queuedAt
        self.status = status
        self.notSentReason = notSentReason
        self.attempts = attempts
        self.lastError = lastError
        self.deliveredAt = deliveredAt
        self.timeLeft = timeLeft
        self.answeredInTime = answeredInTime
        self.answer = answer
    }
}

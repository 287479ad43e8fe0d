public import AppStoreModels
public import Foundation

/// The CONSUMPTION_REQUESTs Storekeeper did not answer: Apple accepts
/// consumption data only with `customerConsented` true, so without the customer's consent the
/// request is left unanswered, and recorded here for the operators' consumption view (the
/// answered ones are the outbox's consumption messages).
public protocol ConsumptionRefusalStoreReader: Sendable {
    /// The app's refusals, newest first (`createdAt`, then `id`, descending, as
    /// ``FiguresStoreReader/outboxMessages(destination:before:limit:)`` orders answers), strictly
    /// after `before` in that order.
    func consumptionRefusals(appId: String, before: OutboxCursor?, limit: Int) async throws -> [ConsumptionRefusal]
}

/// Records refusals, in the transaction that applies the CONSUMPTION_REQUEST.
public protocol ConsumptionRefusalStoreWriter: ConsumptionRefusalStoreReader {
    /// Records `refusal`; `false` (and nothing changes) when one of the same app, notification
    /// and transaction is recorded (a replay of the notification).
    func recordConsumptionRefusal(_ refusal: ConsumptionRefusal) async throws -> Bool
}

/// A CONSUMPTION_REQUEST left unanswered, and why.
public struct ConsumptionRefusal: Hashable, Sendable, Codable {
    /// The customer has not consented to sharing consumption data with Apple.
    public static let noConsent = "noConsent"

    public var appId: String
    /// The fact reference of the notification that asked (`notification:<id>`).
    public var notification: String
    public var environment: AppStoreEnvironment
    public var transactionId: String
    public var id: UUID
    public var customerId: CustomerID?
    /// When Apple signed the request, and the end of Apple's 12-hour window.
    public var requestedAt: Timestamp
    public var deadline: Timestamp
    /// When Storekeeper decided not to answer.
    public var createdAt: Timestamp
    /// Why: ``noConsent``.
    public var reason: String

    public init(
        appId: String, notification: String, environment: AppStoreEnvironment, transactionId: String, id: UUID = UUID.random(),
        customerId: CustomerID?, requestedAt: Timestamp, deadline: Timestamp, createdAt: Timestamp, reason: String
    ) {
        self.appId = appId
        self.notification = notification
        self.environment = environment
        self.transactionId = transactionId
        self.id = id
        self.customerId = customerId
        self.requestedAt = requestedAt
        self.deadline = deadline
        self.createdAt = createdAt
        self.reason = reason
    }
}

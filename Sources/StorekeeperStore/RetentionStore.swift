public import AppStoreModels
public import Foundation
public import Storekeeper

/// Reads of Retention Messaging: an app's rules, the messages and images its operators uploaded
/// (with Apple's review state as last seen), and the real-time requests answered with their
/// outcomes.
public protocol RetentionStoreReader: Sendable {
    func retentionSettings(appId: String) async throws -> RetentionSettings?
    /// The app's uploads in `environment`, oldest first.
    func retentionContent(appId: String, environment: AppStoreEnvironment) async throws -> [RetentionContent]
    func retentionRequest(_ requestIdentifier: UUID) async throws -> RetentionRequestRecord?
    /// The latest answered request about the subscription received at or after `since` whose
    /// outcome is not known yet (the one a notification's outcome belongs to).
    func openRetentionRequest(
        environment: AppStoreEnvironment, originalTransactionId: String, since: Timestamp
    ) async throws -> RetentionRequestRecord?
    /// The app's requests received at or after `since`, counted by rule, answer, outcome, whether
    /// the attribution window had passed by `maturedBefore` (received before it) and whether the
    /// server took longer than `lateAfterMicroseconds`.
    func retentionTallies(
        appId: String, since: Timestamp, maturedBefore: Timestamp, lateAfterMicroseconds: Int64
    ) async throws -> [RetentionTally]
}

/// Writes of Retention Messaging. Invariants: one request per `requestIdentifier` (a second
/// insert returns `false`: a replay); an outcome is set once.
public protocol RetentionStoreWriter: RetentionStoreReader {
    func saveRetentionSettings(_ settings: RetentionSettings) async throws
    /// Inserts or replaces the upload with the same app, environment and identifier.
    func saveRetentionContent(_ content: RetentionContent) async throws
    /// `false` when there was no such upload.
    func deleteRetentionContent(appId: String, environment: AppStoreEnvironment, identifier: UUID) async throws -> Bool
    /// `false` when a request with the same identifier was stored before.
    func insertRetentionRequest(_ request: RetentionRequestRecord) async throws -> Bool
    /// Sets the outcome of a request that has none; `false` otherwise.
    func recordRetentionOutcome(
        _ requestIdentifier: UUID, outcome: RetentionOutcome, at: Timestamp, fact: String
    ) async throws -> Bool
}

/// An app's retention rules, replaced as a whole by an operator.
public struct RetentionSettings: Hashable, Sendable, Codable {
    public var appId: String
    public var rules: [RetentionRule]
    /// Grows by one with each change.
    public var revision: Int
    public var updatedAt: Timestamp
    public var updatedBy: String

    public init(appId: String, rules: [RetentionRule], revision: Int, updatedAt: Timestamp, updatedBy: String) {
        self.appId = appId
        self.rules = rules
        self.revision = revision
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }
}

/// A message or image an operator uploaded to Apple, with its review state as last seen.
public struct RetentionContent: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case message
        case image
    }

    public var appId: String
    public var environment: AppStoreEnvironment
    public var kind: Kind
    public var identifier: UUID
    /// A message's text; nil for an image.
    public var header: String?
    public var body: String?
    /// The image a message shows.
    public var imageIdentifier: UUID?
    /// Apple's `messageState` / `imageState`.
    public var state: String
    public var uploadedAt: Timestamp
    public var updatedAt: Timestamp

    public init(
        appId: String, environment: AppStoreEnvironment, kind: Kind, identifier: UUID, header: String? = nil,
        body: String? = nil, imageIdentifier: UUID? = nil, state: String, uploadedAt: Timestamp, updatedAt: Timestamp
    ) {
        self.appId = appId
        self.environment = environment
        self.kind = kind
        self.identifier = identifier
        self.header = header
        self.body = body
        self.imageIdentifier = imageIdentifier
        self.state = state
        self.uploadedAt = uploadedAt
        self.updatedAt = updatedAt
    }
}

/// One real-time request and the answer it got.
public struct RetentionRequestRecord: Hashable, Sendable, Codable {
    public var requestIdentifier: UUID
    public var appId: String
    public var environment: AppStoreEnvironment
    public var originalTransactionId: String
    /// The subscription's owner; nil when Storekeeper does not know the subscription.
    public var customerId: CustomerID?
    public var productId: String
    public var locale: String
    public var ruleId: String?
    public var answerKind: RetentionAnswerTemplate.Kind
    public var messageIdentifier: UUID?
    public var alternateProductId: String?
    public var offerId: String?
    /// Why the default was answered (`refunded`, `billingRetry`, `noRule`, `unknownSubscription`, ...).
    public var reason: String?
    public var signedDate: Timestamp
    public var receivedAt: Timestamp
    /// The server's time from receiving the body to the answer being ready, in microseconds.
    public var serverMicroseconds: Int64
    public var outcome: RetentionOutcome?
    public var outcomeAt: Timestamp?
    /// The notification the outcome came from.
    public var outcomeFact: String?

    public init(
        requestIdentifier: UUID, appId: String, environment: AppStoreEnvironment, originalTransactionId: String,
        customerId: CustomerID?, productId: String, locale: String, ruleId: String?, answerKind: RetentionAnswerTemplate.Kind,
        messageIdentifier: UUID? = nil, alternateProductId: String? = nil, offerId: String? = nil, reason: String? = nil,
        signedDate: Timestamp, receivedAt: Timestamp, serverMicroseconds: Int64, outcome: RetentionOutcome? = nil,
        outcomeAt: Timestamp? = nil, outcomeFact: String? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.appId = appId
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.customerId = customerId
        self.productId = productId
        self.locale = locale
        self.ruleId = ruleId
        self.answerKind = answerKind
        self.messageIdentifier = messageIdentifier
        self.alternateProductId = alternateProductId
        self.offerId = offerId
        self.reason = reason
        self.signedDate = signedDate
        self.receivedAt = receivedAt
        self.serverMicroseconds = serverMicroseconds
        self.outcome = outcome
        self.outcomeAt = outcomeAt
        self.outcomeFact = outcomeFact
    }
}

/// A count of requests sharing a rule, answer, outcome, maturity and lateness.
public struct RetentionTally: Hashable, Sendable, Codable {
    public var ruleId: String?
    public var answerKind: String
    public var outcome: String?
    /// Received before the attribution window's cut-off (an answer without an outcome then stayed).
    public var matured: Bool
    /// The server took longer than the deadline the tally was asked with.
    public var late: Bool
    public var count: Int

    public init(ruleId: String?, answerKind: String, outcome: String?, matured: Bool, late: Bool, count: Int) {
        self.ruleId = ruleId
        self.answerKind = answerKind
        self.outcome = outcome
        self.matured = matured
        self.late = late
        self.count = count
    }
}

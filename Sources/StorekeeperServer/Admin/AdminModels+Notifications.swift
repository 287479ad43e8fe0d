import AppStoreModels
import Foundation
import Storekeeper

// The admin API's request and response bodies for the Apple-side actions and the notifications
// inbox: extensions (one and mass), resync, the inbox (list, detail, replay, backfill, TEST) and
// offer signing.

// MARK: Inbox

/// One inbox entry without its body. `status` is `pending` for an entry not yet processed.
struct InboxEntryBody: Codable, Sendable {
    let id: String
    let version: Int
    let environment: String?
    let receivedAt: Timestamp
    let status: String
    let attempts: Int
    let duplicates: Int
    let lastError: String?
    let notificationType: String?
    let subtype: String?
    let signedDate: Timestamp?
    let processedAt: Timestamp?
    let bodyBytes: Int

    init(_ entry: InboxPageEntry) {
        id = entry.id
        version = entry.version
        environment = entry.environment
        receivedAt = entry.receivedAt
        status = entry.status == .received ? InboxQuery.Status.pending.rawValue : entry.status.rawValue
        attempts = entry.attempts
        duplicates = entry.duplicates
        lastError = entry.lastError
        notificationType = entry.notificationType
        subtype = entry.subtype
        signedDate = entry.signedDate
        processedAt = entry.processedAt
        bodyBytes = entry.bodyBytes
    }
}

/// A page of the inbox, newest first; `next` continues it (`before=`).
struct InboxPageResponse: Codable, Sendable {
    let notifications: [InboxEntryBody]
    let next: String?
}

/// One entry decoded: the signed payload and the transaction and renewal info inside it
/// (verified again now; when that fails, decoded without verification and `verified` false),
/// or a V1 body with its shared secret removed; the operator actions on it; the raw body when
/// asked (`raw=true`).
struct InboxDetailResponse: Codable, Sendable {
    let notification: InboxEntryBody
    let verified: Bool
    let verificationError: String?
    let payload: ResponseBodyV2DecodedPayload?
    let transaction: JWSTransactionDecodedPayload?
    let renewalInfo: JWSRenewalInfoDecodedPayload?
    let v1: AppStoreServerNotificationV1?
    /// Every recorded processing attempt, oldest first (the latest ``InboxAttempt/retained``;
    /// `notification.attempts` counts them all).
    let attempts: [InboxAttemptBody]
    /// Replays and other operator actions on this entry, oldest first.
    let actions: [AuditEventBody]
    /// The stored body as text (V1: the shared secret replaced by `"<redacted>"`).
    let rawBody: String?
}

/// One processing attempt of an inbox entry: its number, when, how it ended, and its error.
struct InboxAttemptBody: Codable, Sendable {
    let number: Int
    let at: Timestamp
    /// `processed`, `failed` (a retry may cure it) or `rejected` (none will).
    let outcome: String
    let error: String?

    init(_ attempt: InboxAttempt) {
        number = attempt.number
        at = attempt.at
        outcome = attempt.outcome.rawValue
        error = attempt.error
    }
}

/// What replaying one entry did.
struct ReplayOutcome: Codable, Sendable {
    let id: String
    /// `processed` (applied now), `duplicate` (already applied: nothing happened again, as for
    /// Apple's re-delivery), `rejected` (can never be applied), `retry` (failed; kept failed).
    let outcome: String
    let error: String?
    let statusBefore: String
    let statusAfter: String
}

/// `POST .../notifications/replay`: the entries of one page of the filter, replayed, with
/// counts; `next` names where the following page starts (continue with `before=next`).
struct ReplayRangeResult: Codable, Sendable {
    let attempted: Int
    let processed: Int
    let duplicate: Int
    let rejected: Int
    let retry: Int
    let outcomes: [ReplayOutcome]
    let next: String?
}

/// `POST .../notifications/backfill`.
struct BackfillResult: Codable, Sendable {
    let environment: String
    let from: Timestamp
    let to: Timestamp
    /// Notifications Apple's history holds for the window.
    let seen: Int
    /// Of `seen`, those the inbox already had (processed or rejected).
    let known: Int
    /// Of `seen`, those stored and applied now.
    let recovered: Int
    let rejected: Int
}

/// `POST .../notifications/test`.
struct TestNotificationResult: Codable, Sendable {
    let environment: String
    let testNotificationToken: String
}

/// `GET .../notifications/test/{token}`: Apple's record of sending it, and our inbox's entry.
struct TestNotificationStatusResponse: Codable, Sendable {
    let environment: String
    let testNotificationToken: String
    let notificationUUID: String?
    let firstSendAttemptResult: String?
    let sendAttempts: [SendAttemptItem]
    /// Whether our inbox holds it.
    let arrived: Bool
    let inbox: InboxEntryBody?
}

// MARK: Inbox requests

/// The inbox filters a list or a replay takes.
struct InboxFilter: Codable, Sendable, Hashable {
    var status: String?
    var type: String?
    var subtype: String?
    var environment: String?
    var from: Int64?
    var to: Int64?
    var before: String?
    var limit: Int?

    func query(appId: String, limit: Int) throws -> InboxQuery {
        var status: InboxQuery.Status?
        if let raw = self.status {
            guard let parsed = InboxQuery.Status(rawValue: raw) else {
                throw StorekeeperError.invalidRequest(
                    "status must be one of \(InboxQuery.Status.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            status = parsed
        }
        for (name, value) in [("type", type), ("subtype", subtype), ("environment", environment)] {
            if let value, !(1...64).contains(value.utf8.count) { throw StorekeeperError.invalidRequest("\(name) must be 1–64 bytes") }
        }
        if let from, from < 0 { throw StorekeeperError.invalidRequest("from must be milliseconds since 1970") }
        if let to, to < 0 { throw StorekeeperError.invalidRequest("to must be milliseconds since 1970") }
        var cursor: InboxCursor?
        if let before {
            guard let parsed = InboxCursor(token: before) else {
                throw StorekeeperError.invalidRequest("before must be a cursor from a previous page's next")
            }
            cursor = parsed
        }
        return InboxQuery(
            appId: appId, status: status, notificationType: type, subtype: subtype, environment: environment,
            from: from.map(Timestamp.init(millisecondsSince1970:)), to: to.map(Timestamp.init(millisecondsSince1970:)),
            before: cursor, limit: limit)
    }
}

/// `POST notifications/replay`: the filters, the page size (1–500, default 100), and the action's fields.
struct ReplayRangeRequest: Codable, Sendable {
    var status: String?
    var type: String?
    var subtype: String?
    var environment: String?
    var from: Int64?
    var to: Int64?
    var before: String?
    var limit: Int?
    var reason: String
    var idempotencyKey: String

    var filter: InboxFilter {
        InboxFilter(
            status: status, type: type, subtype: subtype, environment: environment, from: from, to: to, before: before, limit: limit)
    }
}

/// What a replay of one entry is keyed by (with its idempotency key).
struct ReplayOneRequest: Codable, Sendable {
    var id: String
    var reason: String
}

/// `POST notifications/backfill`: a window in milliseconds since 1970.
struct BackfillRequest: Codable, Sendable {
    var environment: String?
    var from: Int64
    var to: Int64
    var reason: String
    var idempotencyKey: String
}

/// `POST notifications/test`.
struct TestNotificationRequest: Codable, Sendable {
    var environment: String?
    var reason: String
    var idempotencyKey: String
}

// MARK: Extensions

/// `POST .../customers/{customer}/extend`.
struct ExtendRequest: Codable, Sendable {
    let originalTransactionId: String
    let days: Int
    let reasonCode: Int
    let reason: String
    let idempotencyKey: String
}

/// What Apple answered, and the subscription as Storekeeper holds it after applying Apple's
/// current state.
struct ExtendResult: Codable, Sendable {
    let customerId: String
    let originalTransactionId: String
    let environment: String
    let requestIdentifier: String
    let days: Int
    let reasonCode: Int
    let success: Bool
    let effectiveDate: Timestamp?
    let webOrderLineItemId: String?
    let subscription: SubscriptionSnapshot?
}

/// A subscription's state in a response: phase and period end.
struct SubscriptionSnapshot: Codable, Sendable, Hashable {
    let originalTransactionId: String
    let environment: String
    let productId: String
    let phase: String
    let expiresAt: Timestamp?

    init(_ subscription: StoredSubscription) {
        originalTransactionId = subscription.originalTransactionId
        environment = subscription.environment.rawValue
        productId = subscription.productId
        phase = subscription.phase
        expiresAt = subscription.expiresAt
    }
}

/// `POST .../extensions`.
struct MassExtendRequest: Codable, Sendable {
    let productId: String
    let days: Int
    let reasonCode: Int
    let storefronts: [String]?
    let environment: String?
    let reason: String
    let idempotencyKey: String
}

/// A mass extension as sent to Apple, and (from `GET .../extensions/{id}`) its status there.
struct MassExtensionBody: Codable, Sendable {
    let requestIdentifier: String
    let productId: String
    let environment: String
    let days: Int
    let reasonCode: Int
    let storefronts: [String]?
    let requestedBy: String
    let requestedAt: Timestamp
    /// Apple's status; absent right after the request.
    let complete: Bool?
    let completeDate: Timestamp?
    let succeededCount: Int64?
    let failedCount: Int64?

    init(_ record: MassExtensionRecord, status: MassExtendRenewalDateStatusResponse? = nil) {
        requestIdentifier = record.requestIdentifier
        productId = record.productId
        environment = record.environment.rawValue
        days = record.days
        reasonCode = record.reasonCode
        storefronts = record.storefronts
        requestedBy = record.operatorName
        requestedAt = record.createdAt
        complete = status?.complete
        completeDate = status?.completeDate
        succeededCount = status?.succeededCount
        failedCount = status?.failedCount
    }
}

// MARK: Resync

/// `POST .../customers/{customer}/resync`: what Apple's Transaction History and All
/// Subscription Statuses changed.
struct ResyncResult: Codable, Sendable {
    let customerId: String
    /// The original transactions asked about.
    let originalTransactionIds: [String]
    /// Transactions Storekeeper had never seen, now recorded.
    let newTransactions: [ResyncTransaction]
    /// Subscriptions whose phase or period end moved.
    let changedSubscriptions: [SubscriptionChange]
    let entitlementsBefore: [String]
    let entitlementsAfter: [String]
}

struct ResyncTransaction: Codable, Sendable, Hashable {
    let transactionId: String
    let originalTransactionId: String
    let productId: String
    let environment: String
    let purchaseDate: Timestamp
}

struct SubscriptionChange: Codable, Sendable {
    let originalTransactionId: String
    let before: SubscriptionSnapshot?
    let after: SubscriptionSnapshot?
}

/// What a resync is keyed by (with its idempotency key).
struct ResyncRequest: Codable, Sendable {
    var customerId: String
    var reason: String
}

// MARK: Offers

/// `POST .../customers/{customer}/offers/promotional` (admin): a signature support hands over.
struct AdminOfferRequest: Codable, Sendable {
    let productId: String
    let offerId: String
    let applicationUsername: String?
    let reason: String
    let idempotencyKey: String
}

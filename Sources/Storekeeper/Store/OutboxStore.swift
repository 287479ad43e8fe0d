public import AppStoreModels
public import Foundation

/// Reads of the outbox: messages to send after commit.
public protocol OutboxStoreReader: Sendable {
    func outboxMessage(id: UUID) async throws -> OutboxMessage?
    func outboxCount(status: OutboxMessage.Status) async throws -> Int
}

/// Writes of the outbox. Invariants: one message per id; a message is claimed by at most one
/// owner at a time (a lease), and only the holder of a live claim records an outcome or renews it.
public protocol OutboxStoreWriter: OutboxStoreReader {
    func enqueueOutbox(_ message: OutboxMessage) async throws
    /// Records the outcome of sending a message claimed by `owner` with a lease ending at
    /// `leaseUntil` (as `claimOutbox` returned it). Applied only while that claim still stands:
    /// an instance whose lease ran out and was taken over by another cannot overwrite the new
    /// holder's outcome. Returns `false` when the claim was lost (or the message is gone).
    func updateOutbox(_ message: OutboxMessage, claimedBy owner: String, leaseUntil: Timestamp) async throws -> Bool
    /// Claims up to `limit` messages due at `now` for `lease`, so several instances never send
    /// one message at once (PostgreSQL: `FOR UPDATE SKIP LOCKED`). With `destinations`, only
    /// messages for those destinations are claimed: an instance leaves what it cannot deliver to
    /// the instances that can (a webhook or app added to the configuration of some instances).
    func claimOutbox(
        now: Timestamp, lease: Int64, owner: String, limit: Int, destinations: [String]?
    ) async throws
        -> [OutboxMessage]
    /// Extends a claim `owner` still holds (its lease ends at `leaseUntil`, as claimed or last
    /// renewed) to `newLeaseUntil`, so a delivery slower than the lease is not taken over while
    /// its holder is alive, and a holder that died releases the message one short lease later.
    /// Returns `false`, changing nothing, when the claim was lost, taken over or recorded.
    func renewOutboxLease(id: UUID, owner: String, leaseUntil: Timestamp, newLeaseUntil: Timestamp) async throws -> Bool
}

extension OutboxStoreWriter {
    /// Claims due messages of every destination.
    public func claimOutbox(now: Timestamp, lease: Int64, owner: String, limit: Int) async throws -> [OutboxMessage] {
        try await claimOutbox(now: now, lease: lease, owner: owner, limit: limit, destinations: nil)
    }
}

/// Something to send after commit: an event to the app's backend, consumption data to Apple.
public struct OutboxMessage: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        /// `skipped`: Apple refuses the call for this transaction, every time (``AppleRefusal``);
        /// it is not retried.
        case pending, delivered, failed, skipped
    }

    /// Stable across retries (receivers deduplicate on it).
    public var id: UUID
    /// Where it goes: `app:<app id>:webhook:<name>` (`webhook:<name>` in rows written before
    /// webhooks were scoped to apps) or `apple:consumption:<app id>`.
    public var destination: String
    /// The event's kind (e.g. `entitlement.changed`, `wallet.changed`, `consumption.answer`).
    public var kind: String
    public var customerId: CustomerID?
    public var payload: Data
    public var createdAt: Timestamp
    public var nextAttemptAt: Timestamp
    /// Give up after this instant (Apple's CONSUMPTION_REQUEST deadline, or a retention limit).
    public var deadline: Timestamp?
    public var attempts: Int
    public var status: Status
    public var lastError: String?
    public var deliveredAt: Timestamp?
    /// The instance holding the claim, and until when.
    public var leaseOwner: String?
    public var leaseUntil: Timestamp?

    public init(
        id: UUID = UUID.random(), destination: String, kind: String, customerId: CustomerID?, payload: Data,
        createdAt: Timestamp, nextAttemptAt: Timestamp? = nil, deadline: Timestamp? = nil, attempts: Int = 0,
        status: Status = .pending, lastError: String? = nil, deliveredAt: Timestamp? = nil, leaseOwner: String? = nil,
        leaseUntil: Timestamp? = nil
    ) {
        self.id = id
        self.destination = destination
        self.kind = kind
        self.customerId = customerId
        self.payload = payload
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt ?? createdAt
        self.deadline = deadline
        self.attempts = attempts
        self.status = status
        self.lastError = lastError
        self.deliveredAt = deliveredAt
        self.leaseOwner = leaseOwner
        self.leaseUntil = leaseUntil
    }
}

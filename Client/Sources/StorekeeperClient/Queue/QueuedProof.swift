public import Foundation

/// A proof of purchase Apple has paid and Storekeeper has not yet acknowledged: kept on disk
/// until Storekeeper answers `recorded` or `replayed` (or refuses it for good), and only then
/// is the transaction finished.
public struct QueuedProof: Sendable, Hashable, Codable {
    public var transaction: StoreTransaction
    /// The business order it pays, when the purchase started from one.
    public var orderId: UUID?
    public var queuedAt: Date
    /// Submissions that got no acknowledgement so far.
    public var attempts: Int

    public init(transaction: StoreTransaction, orderId: UUID?, queuedAt: Date, attempts: Int = 0) {
        self.transaction = transaction
        self.orderId = orderId
        self.queuedAt = queuedAt
        self.attempts = attempts
    }
}

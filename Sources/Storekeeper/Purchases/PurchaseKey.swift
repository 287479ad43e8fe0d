public import AppStoreModels

/// An Apple purchase (or subscription) as Storekeeper keys its owner and its lock: the
/// environment and the original transaction ID. Ordered by environment, then ID: the order
/// purchase locks are taken in (``LockSet``).
public struct PurchaseKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var environment: AppStoreEnvironment
    public var originalTransactionId: String

    public init(environment: AppStoreEnvironment, originalTransactionId: String) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
    }

    /// The purchase `transaction` belongs to.
    public init(_ transaction: AppleTransaction) {
        self.init(environment: transaction.environment, originalTransactionId: transaction.originalTransactionId)
    }

    /// The subscription `renewal` describes.
    public init(_ renewal: RenewalInfo) {
        self.init(environment: renewal.environment, originalTransactionId: renewal.originalTransactionId)
    }

    /// The subscription `stored` records.
    public init(_ stored: StoredSubscription) {
        self.init(environment: stored.environment, originalTransactionId: stored.originalTransactionId)
    }

    public static func < (lhs: PurchaseKey, rhs: PurchaseKey) -> Bool {
        (lhs.environment.rawValue, lhs.originalTransactionId) < (rhs.environment.rawValue, rhs.originalTransactionId)
    }

    /// `environment:originalTransactionId`, the subject audit events name a purchase by.
    public var description: String { "\(environment.rawValue):\(originalTransactionId)" }
}

public import AppStoreModels

/// A customer Storekeeper knows: created on first contact, never deleted (its history is the
/// audit trail), possibly merged into another customer.
public struct Customer: Hashable, Sendable, Codable {
    public var id: CustomerID
    public var createdAt: Timestamp
    /// Set when this customer (typically a guest) was merged into an account.
    public var mergedInto: CustomerID?
    /// Minutes of play the app reported, for CONSUMPTION_REQUEST answers.
    public var playTimeMinutes: Int64?
    /// Whether the customer consented to sharing consumption data with Apple.
    public var consumptionConsent: Bool

    public init(
        id: CustomerID, createdAt: Timestamp, mergedInto: CustomerID? = nil, playTimeMinutes: Int64? = nil,
        consumptionConsent: Bool = false
    ) {
        self.id = id
        self.createdAt = createdAt
        self.mergedInto = mergedInto
        self.playTimeMinutes = playTimeMinutes
        self.consumptionConsent = consumptionConsent
    }
}

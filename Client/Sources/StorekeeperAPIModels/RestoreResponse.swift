/// The transactions a restore recorded, and the customer after it.
public struct RestoreResponse: Codable, Sendable, Hashable {
    public var restored: [String]
    public var customer: CustomerBody

    public init(restored: [String], customer: CustomerBody) {
        self.restored = restored
        self.customer = customer
    }
}

/// `POST /v1/apps/{app}/customers/{customer}/spend`: virtual currency spent, once per key.
public struct SpendRequest: Codable, Sendable, Hashable {
    public var currency: String
    public var amount: Int64
    /// The same key again is a replay, never a second spend.
    public var idempotencyKey: String
    public var reference: String?

    public init(currency: String, amount: Int64, idempotencyKey: String, reference: String? = nil) {
        self.currency = currency
        self.amount = amount
        self.idempotencyKey = idempotencyKey
        self.reference = reference
    }
}

/// `POST .../customers/{customer}/wallet/adjust`: `amount` (signed, not zero) of `currency`.
public struct WalletAdjustActionRequest: Codable, Sendable, Hashable {
    public var currency: String
    public var amount: Int64

    public init(currency: String, amount: Int64) {
        self.currency = currency
        self.amount = amount
    }
}

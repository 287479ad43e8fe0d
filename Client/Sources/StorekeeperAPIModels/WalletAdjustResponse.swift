/// The answer to an adjustment: the entry booked and the balance after it.
public struct WalletAdjustResponse: Codable, Sendable, Hashable {
    public var customerId: String
    public var currency: String
    public var amount: Int64
    public var balance: Int64
    public var entry: JournalEntryBody

    public init(customerId: String, currency: String, amount: Int64, balance: Int64, entry: JournalEntryBody) {
        self.customerId = customerId
        self.currency = currency
        self.amount = amount
        self.balance = balance
        self.entry = entry
    }
}

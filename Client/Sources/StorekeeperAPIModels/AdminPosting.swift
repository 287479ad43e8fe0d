/// One leg of a journal entry: an account and the amount it moved.
public struct AdminPosting: Codable, Sendable, Hashable {
    public var account: String
    public var amount: Int64

    public init(account: String, amount: Int64) {
        self.account = account
        self.amount = amount
    }
}

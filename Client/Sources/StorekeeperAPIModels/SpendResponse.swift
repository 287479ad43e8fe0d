/// The balance after a spend, and whether the spend was a replay of an earlier one.
public struct SpendResponse: Codable, Sendable, Hashable {
    public var balance: Int64
    public var replayed: Bool

    public init(balance: Int64, replayed: Bool) {
        self.balance = balance
        self.replayed = replayed
    }
}

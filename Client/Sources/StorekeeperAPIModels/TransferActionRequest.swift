/// `POST .../customers/{customer}/transfer`: the customer's purchases (those of
/// `transactionIds`, else all) move `to` another customer, under the app's transfer policy.
public struct TransferActionRequest: Codable, Sendable, Hashable {
    /// The receiving customer as the app names it.
    public var to: String
    public var transactionIds: [String]?

    public init(to: String, transactionIds: [String]? = nil) {
        self.to = to
        self.transactionIds = transactionIds
    }
}

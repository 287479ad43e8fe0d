/// The answer to a transfer: what moved and what stayed.
public struct TransferResponse: Codable, Sendable, Hashable {
    public var from: String
    public var to: String
    public var moved: [TransferredPurchase]
    public var skipped: [TransferredPurchase]

    public init(from: String, to: String, moved: [TransferredPurchase], skipped: [TransferredPurchase]) {
        self.from = from
        self.to = to
        self.moved = moved
        self.skipped = skipped
    }
}

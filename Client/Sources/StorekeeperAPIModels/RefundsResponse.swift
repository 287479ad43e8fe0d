/// `GET /v1/admin/apps/{app}/refunds`: refunds and Family Sharing revocations, newest first.
public struct RefundsResponse: Codable, Sendable, Hashable {
    public var refunds: [RefundBody]
    /// Pass as `before` for the next (older) page; absent on the last page.
    public var nextCursor: String?

    public init(refunds: [RefundBody], nextCursor: String? = nil) {
        self.refunds = refunds
        self.nextCursor = nextCursor
    }
}

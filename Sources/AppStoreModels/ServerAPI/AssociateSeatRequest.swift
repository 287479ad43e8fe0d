/// Associate Seat's body: the app transaction identifier of the member who occupies a claimed
/// seat, learnt after the claim.
public struct AssociateSeatRequest: Hashable, Sendable, Codable {
    /// The member's app transaction identifier.
    public var appTransactionId: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(appTransactionId: String? = nil) {
        self.appTransactionId = appTransactionId
    }
}

/// Why and when a paid period ended before its expiry.
public struct RevocationInfoBody: Codable, Sendable, Hashable {
    /// `refunded`, `familySharingRevoked`, `upgraded` or `seatRevoked` (a member's assigned seat ended).
    public var kind: String
    /// The instant access from the period ends, in milliseconds since 1970.
    public var date: Int64
    /// Apple's `revocationReason`.
    public var reason: Int32?

    public init(kind: String, date: Int64, reason: Int32? = nil) {
        self.kind = kind
        self.date = date
        self.reason = reason
    }
}

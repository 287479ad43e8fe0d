public import Foundation

/// Claim Seat's answer: the claim's identifier (one per claim, never reused for a seat).
public struct ClaimSeatResponse: Hashable, Sendable, Codable {
    /// Identifies the claim in Unclaim Seat, Associate Seat and `UNCLAIM_SEATS`.
    public var seatClaimId: UUID?

    /// Creates a value; every optional field defaults to `nil`.
    public init(seatClaimId: UUID? = nil) {
        self.seatClaimId = seatClaimId
    }
}

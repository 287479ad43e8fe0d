public import Foundation

/// The seat counts and seat claims of a group subscription with developer-hosted invitations
/// (Get Seat Info's `GetSeatInfoResponse`).
public struct SeatInfoResponse: Hashable, Sendable, Codable {
    /// The seats of the subscription.
    public var totalSeatCount: Int32?
    /// The seats left to claim; Claim Seat refuses when none are.
    public var availableSeatCount: Int32?
    /// The active claims (`seatClaimId`s); more than `totalSeatCount` after a renewal with fewer
    /// seats than are claimed.
    public var assignedSeatClaimIds: [UUID]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(totalSeatCount: Int32? = nil, availableSeatCount: Int32? = nil, assignedSeatClaimIds: [UUID]? = nil) {
        self.totalSeatCount = totalSeatCount
        self.availableSeatCount = availableSeatCount
        self.assignedSeatClaimIds = assignedSeatClaimIds
    }
}

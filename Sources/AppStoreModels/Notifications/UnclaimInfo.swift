public import Foundation

/// The seat claims the App Store unclaimed in a group subscription with developer-hosted
/// invitations (`unclaimInfo` of an `UNCLAIM_SEATS` notification). The seats are already
/// unclaimed; revoke the access of the members they were claimed for.
public struct UnclaimInfo: Hashable, Sendable, Codable {
    /// The `seatClaimId`s Claim Seat returned for the claims the App Store released.
    public var unclaimSeatIds: [UUID]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(unclaimSeatIds: [UUID]? = nil) {
        self.unclaimSeatIds = unclaimSeatIds
    }
}

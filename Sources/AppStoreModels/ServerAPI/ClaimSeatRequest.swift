public import Foundation

/// Claim Seat's body: a seat for one member of a group subscription with developer-hosted
/// invitations.
///
/// A retry with the same `requestIdentifier` returns the first claim's `seatClaimId` instead of
/// claiming a second seat, so the identifier is saved before the call.
public struct ClaimSeatRequest: Hashable, Sendable, Codable {
    /// A new UUID per claim, reused only to retry that claim.
    public var requestIdentifier: UUID?
    /// The member's app transaction identifier, when known; associates the member with the seat.
    public var appTransactionId: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(requestIdentifier: UUID? = nil, appTransactionId: String? = nil) {
        self.requestIdentifier = requestIdentifier
        self.appTransactionId = appTransactionId
    }
}

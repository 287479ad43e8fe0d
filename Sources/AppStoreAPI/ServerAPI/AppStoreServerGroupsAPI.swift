public import AppStoreModels
public import Foundation

/// The group and seat endpoints of the App Store Server API (1.22 and 1.23): the groups a
/// customer belongs to through multiseat purchases, their members, and the seat claims of group
/// subscriptions with developer-hosted invitations. Apple serves them in the sandbox only; a
/// production call is answered as Apple answers an unknown path.
public protocol AppStoreServerGroupsAPI: Sendable {
    /// Get Customer Groups: the groups of the customer of `transactionId` and their roles.
    func getCustomerGroups(transactionId: String) async throws(AppStoreAPIError) -> CustomerGroupsResponse

    /// Get Group Members: one page of a group's members (`limit` per page, `paginationToken` for
    /// the next).
    func getGroupMembers(
        groupId: String, limit: Int?, paginationToken: String?
    ) async throws(AppStoreAPIError) -> GroupMembersResponse

    /// Get Seat Info: the seat counts and claims of the group subscription of `transactionId`.
    func getSeatInfo(transactionId: String) async throws(AppStoreAPIError) -> SeatInfoResponse

    /// Claim Seat: claims a seat for a member. Retried with the same `requestIdentifier`, it
    /// answers the first claim.
    func claimSeat(transactionId: String, request: ClaimSeatRequest) async throws(AppStoreAPIError) -> ClaimSeatResponse

    /// Unclaim Seat: releases the claim `seatClaimId`.
    func unclaimSeat(transactionId: String, seatClaimId: UUID) async throws(AppStoreAPIError)

    /// Associate Seat: names the member (their app transaction identifier) of the claim.
    func associateSeat(
        transactionId: String, seatClaimId: UUID, request: AssociateSeatRequest
    ) async throws(AppStoreAPIError)
}

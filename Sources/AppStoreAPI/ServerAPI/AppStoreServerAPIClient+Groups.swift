public import AppStoreModels
public import Foundation

/// The group and seat endpoints; each path and method comes from ``AppStoreServerEndpoint``,
/// each has its own rate-limit bucket like every endpoint.
extension AppStoreServerAPIClient: AppStoreServerGroupsAPI {
    public func getCustomerGroups(transactionId: String) async throws(AppStoreAPIError) -> CustomerGroupsResponse {
        let id = try PathEncoding.require(transactionId, "transactionId", for: .getCustomerGroups)
        return try await perform(EndpointCall(endpoint: .getCustomerGroups, parameters: id), as: CustomerGroupsResponse.self)
    }

    public func getGroupMembers(
        groupId: String, limit: Int?, paginationToken: String?
    ) async throws(AppStoreAPIError) -> GroupMembersResponse {
        let id = try PathEncoding.require(groupId, "groupId", for: .getGroupMembers)
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let paginationToken { query.append(URLQueryItem(name: "paginationToken", value: paginationToken)) }
        return try await perform(
            EndpointCall(endpoint: .getGroupMembers, parameters: id, query: query), as: GroupMembersResponse.self)
    }

    public func getSeatInfo(transactionId: String) async throws(AppStoreAPIError) -> SeatInfoResponse {
        let id = try PathEncoding.require(transactionId, "transactionId", for: .getSeatInfo)
        return try await perform(EndpointCall(endpoint: .getSeatInfo, parameters: id), as: SeatInfoResponse.self)
    }

    public func claimSeat(transactionId: String, request: ClaimSeatRequest) async throws(AppStoreAPIError) -> ClaimSeatResponse {
        let endpoint = AppStoreServerEndpoint.claimSeat
        let id = try PathEncoding.require(transactionId, "transactionId", for: endpoint)
        return try await perform(
            EndpointCall(endpoint: endpoint, parameters: id, body: try encode(request, for: endpoint)), as: ClaimSeatResponse.self)
    }

    public func unclaimSeat(transactionId: String, seatClaimId: UUID) async throws(AppStoreAPIError) {
        let id = try PathEncoding.require(transactionId, "transactionId", for: .unclaimSeat)
        _ = try await perform(EndpointCall(endpoint: .unclaimSeat, parameters: id, seatClaimId.lowercasedString))
    }

    public func associateSeat(
        transactionId: String, seatClaimId: UUID, request: AssociateSeatRequest
    ) async throws(AppStoreAPIError) {
        let endpoint = AppStoreServerEndpoint.associateSeat
        let id = try PathEncoding.require(transactionId, "transactionId", for: endpoint)
        _ = try await perform(
            EndpointCall(
                endpoint: endpoint, parameters: id, seatClaimId.lowercasedString, body: try encode(request, for: endpoint)))
    }
}

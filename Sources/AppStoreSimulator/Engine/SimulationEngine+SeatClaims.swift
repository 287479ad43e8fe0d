import AppStoreModels
import Foundation

/// Developer-hosted seats (Get Seat Info, Claim Seat, Unclaim Seat, Associate Seat,
/// `UNCLAIM_SEATS`) and the group queries (Get Customer Groups, Get Group Members). Apple serves
/// these endpoints in the sandbox only.
extension SimulationEngine {
    /// The purchaser's active group of `customer`'s transaction, developer-hosted.
    func developerGroup(of customer: StoredTransaction) throws(APIRequestError) -> (SimulatedSubscription, SeatGroup) {
        guard let subscription = subscription(of: customer), let seats = subscription.seatGroup,
            customer.payload.inAppOwnershipType == .purchased
        else { throw APIRequestError(.generalBadRequest, reason: "Invalid request. The transaction isn't a group purchase.") }
        guard seats.invitationManagement == .developer else {
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. The group doesn't use developer-hosted invitations.")
        }
        guard subscription.phase == .active || subscription.phase == .gracePeriod else {
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. The group subscription isn't active.")
        }
        return (subscription, seats)
    }

    /// Get Seat Info.
    func seatInfo(of customer: StoredTransaction) throws(APIRequestError) -> SeatInfoResponse {
        let (_, seats) = try developerGroup(of: customer)
        return SeatInfoResponse(
            totalSeatCount: seats.seats, availableSeatCount: max(0, seats.seats - seats.occupied),
            assignedSeatClaimIds: seats.claims.map(\.seatClaimId))
    }

    /// Claim Seat: a new claim, or the claim an earlier request with the same identifier made.
    mutating func claimSeat(of customer: StoredTransaction, _ request: ClaimSeatRequest) throws(APIRequestError) -> ClaimSeatResponse {
        var (subscription, seats) = try developerGroup(of: customer)
        if let identifier = request.requestIdentifier, let earlier = seats.claims.first(where: { $0.requestIdentifier == identifier }) {
            return ClaimSeatResponse(seatClaimId: earlier.seatClaimId)
        }
        guard request.requestIdentifier != nil else {
            throw APIRequestError(.invalidRequestIdentifier, reason: "Invalid request identifier.")
        }
        try requireAppTransaction(request.appTransactionId, bundleId: subscription.bundleId)
        guard seats.occupied < seats.seats else {
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. No seats are available to claim.")
        }
        let claim = SeatClaim(
            seatClaimId: UUID.random(), requestIdentifier: request.requestIdentifier, appTransactionId: request.appTransactionId)
        seats.claims.append(claim)
        subscription.seatGroup = seats
        store(subscription)
        return ClaimSeatResponse(seatClaimId: claim.seatClaimId)
    }

    /// Unclaim Seat; unclaiming a claim that is gone already changes nothing.
    mutating func unclaimSeat(of customer: StoredTransaction, seatClaimId: String) throws(APIRequestError) {
        var (subscription, seats) = try developerGroup(of: customer)
        guard let id = UUID(uuidString: seatClaimId) else {
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. The seat claim identifier is invalid.")
        }
        seats.claims.removeAll { $0.seatClaimId == id }
        subscription.seatGroup = seats
        store(subscription)
    }

    /// Associate Seat: names the member of a claim.
    mutating func associateSeat(
        of customer: StoredTransaction, seatClaimId: String, _ request: AssociateSeatRequest
    ) throws(APIRequestError) {
        var (subscription, seats) = try developerGroup(of: customer)
        guard let id = UUID(uuidString: seatClaimId), let index = seats.claims.firstIndex(where: { $0.seatClaimId == id }) else {
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. The seat claim wasn't found.")
        }
        try requireAppTransaction(request.appTransactionId, bundleId: subscription.bundleId)
        seats.claims[index].appTransactionId = request.appTransactionId
        subscription.seatGroup = seats
        store(subscription)
    }

    /// An app transaction identifier the App Store knows for the app (when one is given).
    private func requireAppTransaction(_ appTransactionId: String?, bundleId: String) throws(APIRequestError) {
        guard let appTransactionId else { return }
        guard state.appTransactions.values.contains(where: { $0.appTransactionId == appTransactionId && $0.bundleId == bundleId })
        else { throw APIRequestError(.generalBadRequest, reason: "Invalid request. The app transaction identifier wasn't found.") }
    }

    /// The App Store releases seat claims of a developer-hosted group (`UNCLAIM_SEATS` naming
    /// them): every claim when `seatClaimIds` is nil, as when the group subscription ends.
    mutating func unclaimSeatsByApple(
        _ originalTransactionId: String, seatClaimIds: [UUID]?, at time: Timestamp
    ) throws(SimulatorError) -> [UUID] {
        var subscription = try subscription(originalTransactionId)
        guard var seats = subscription.seatGroup, seats.invitationManagement == .developer else {
            throw .invalidState("subscription \(originalTransactionId) has no developer-hosted seats")
        }
        let released = seats.claims.map(\.seatClaimId).filter { seatClaimIds?.contains($0) ?? true }
        guard !released.isEmpty else { throw .invalidRequest("no such seat claims in \(originalTransactionId)") }
        seats.claims.removeAll { released.contains($0.seatClaimId) }
        subscription.seatGroup = seats
        store(subscription)
        try notify(
            .unclaimSeats, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
            subscription: subscription, unclaimInfo: UnclaimInfo(unclaimSeatIds: released), at: time)
        return released
    }

    /// Get Customer Groups: the groups of active multiseat subscriptions the customer bought or
    /// holds a seat of (an assigned subscription, or a claim naming their app transaction).
    func customerGroups(of customer: StoredTransaction) -> CustomerGroupsResponse {
        let appTransactionId = customer.payload.appTransactionId
        let groups = state.subscriptions.values
            .filter { $0.bundleId == customer.bundleId && $0.environment == customer.environment }
            .filter { $0.phase == .active || $0.phase == .gracePeriod }
            .compactMap { subscription -> String? in
                guard let seats = subscription.seatGroup else { return nil }
                let member =
                    subscription.accountId == customer.accountId || seats.members.contains(customer.accountId)
                    || (appTransactionId != nil && seats.claims.contains { $0.appTransactionId == appTransactionId })
                return member ? seats.groupId : nil
            }
            .sorted()
        return CustomerGroupsResponse(groups: groups.map { GroupEntry(groupId: $0, groupType: .consumer) })
    }

    /// Get Group Members: the purchaser, then the members in the order they joined (their app
    /// transaction identifiers), `limit` a page (default 20); the token is the next offset.
    func groupMembers(
        groupId: String, bundleId: String, environment: AppStoreEnvironment, limit: Int?, paginationToken: String?
    ) throws(APIRequestError) -> GroupMembersResponse {
        guard
            let purchaser = state.subscriptions.values.first(where: {
                $0.seatGroup?.groupId == groupId && $0.bundleId == bundleId && $0.environment == environment
            }), let seats = purchaser.seatGroup
        else { throw APIRequestError(.generalBadRequest, reason: "Invalid request. The group wasn't found.") }
        let pageSize = limit ?? 20
        guard (1...100).contains(pageSize) else {
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. The limit is invalid.")
        }
        let offset = paginationToken.map { Int($0) ?? -1 } ?? 0
        guard offset >= 0 else { throw APIRequestError(.invalidPaginationToken, reason: "Invalid pagination token.") }
        let key = { (account: String) in state.appTransactions[account + "\n" + bundleId]?.appTransactionId }
        let ids =
            ([key(purchaser.accountId)] + seats.members.map(key) + seats.claims.map(\.appTransactionId)).compactMap { $0 }
        let page = Array(ids.dropFirst(offset).prefix(pageSize))
        let next = offset + page.count
        return GroupMembersResponse(
            members: page.map { GroupMemberEntry(appTransactionId: $0) }, hasMore: next < ids.count,
            paginationToken: next < ids.count ? String(next) : nil)
    }
}

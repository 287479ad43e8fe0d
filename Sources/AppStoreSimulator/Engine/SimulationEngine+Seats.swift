import AppStoreModels
import Foundation

/// Multiseat (group) subscriptions: the purchaser's seats, members joining through Apple-hosted
/// invitations, seats added partway through a period, the seat count of the next renewal, and
/// seat-based refunds. Developer-hosted seat claims are in `SimulationEngine+SeatClaims.swift`.
extension SimulationEngine {
    /// The seats of a purchase that asks for them, or nil for a single-seat purchase.
    func seatGroup(for request: PurchaseRequest, offer: AppliedOffer?, pricePerSeat: Int64) throws(SimulatorError) -> SeatGroup? {
        guard let seats = request.seats else {
            guard request.invitationManagement == nil else { throw .invalidRequest("invitationManagement needs seats") }
            return nil
        }
        guard seats >= 2 else { throw .invalidRequest("a multiseat purchase has at least 2 seats, not \(seats)") }
        guard offer == nil else { throw .invalidRequest("the simulator sells seats without subscription offers") }
        return SeatGroup(
            groupId: UUID.random().lowercasedString, invitationManagement: request.invitationManagement ?? .apple,
            seats: seats, pricePerSeat: pricePerSeat)
    }

    /// The purchaser's subscription of a multiseat purchase, active.
    func activeGroup(_ originalTransactionId: String) throws(SimulatorError) -> (SimulatedSubscription, SeatGroup) {
        let subscription = try subscription(originalTransactionId)
        guard let seats = subscription.seatGroup else {
            throw .invalidState("subscription \(originalTransactionId) is not a multiseat purchase")
        }
        guard subscription.phase == .active || subscription.phase == .gracePeriod else {
            throw .invalidState("group subscription \(originalTransactionId) is \(subscription.phase.rawValue)")
        }
        return (subscription, seats)
    }

    /// A person accepts the purchaser's Apple-hosted invitation: a seat is theirs, with a
    /// subscription of their own whose transaction is `ASSIGNED` and carries the purchaser's seat
    /// information (`SUBSCRIBED` / `INITIAL_BUY` to the member). Returns the member's transaction.
    mutating func joinGroup(
        _ originalTransactionId: String, member memberId: String, at time: Timestamp
    ) throws(SimulatorError) -> String {
        var (purchaser, seats) = try activeGroup(originalTransactionId)
        guard seats.invitationManagement == .apple else {
            throw .invalidState("the app hosts the invitations of \(originalTransactionId): claim a seat instead")
        }
        let member = try account(memberId)
        guard member.environment == purchaser.environment, memberId != purchaser.accountId, !seats.members.contains(memberId)
        else { throw .invalidRequest("\(memberId) cannot join the group of \(originalTransactionId)") }
        guard
            ownSubscription(account: memberId, bundleId: purchaser.bundleId, group: purchaser.groupId).map({
                $0.phase == .expired || $0.phase == .revoked
            }) ?? true
        else { throw .alreadyOwned("\(memberId) already subscribes in \(purchaser.groupId)") }
        guard seats.occupied < seats.seats else { throw .invalidState("every seat of \(originalTransactionId) is taken") }
        seats.members.append(memberId)
        purchaser.seatGroup = seats
        store(purchaser)
        let product = try product(purchaser.productId, in: purchaser.bundleId)
        var source = try transaction(purchaser.latestTransactionId)
        source.payload.purchaseDate = time  // the member's access starts when they join
        let ids = try mirror(
            purchaser, product: product, to: [member], ownership: .assigned,
            SharedEvent(type: .subscribed, subtype: .initialBuy, newTransaction: source, time: time))
        guard let id = ids.first else { throw .invalidState("no assigned transaction was issued for \(memberId)") }
        return id
    }

    /// The purchaser adds seats partway through the period: a transaction of their own for the
    /// added seats, to the period's end, and every transaction of the period says
    /// `SEAT_ADDITION`; the seats renew too. Sent as `DID_CHANGE_RENEWAL_PREF` with subtype
    /// `INCREASE_QUANTITY`. Returns the new transaction.
    mutating func addSeats(_ originalTransactionId: String, count: Int32, at time: Timestamp) throws(SimulatorError) -> String {
        var (subscription, seats) = try activeGroup(originalTransactionId)
        guard count >= 1 else { throw .invalidRequest("add at least one seat, not \(count)") }
        let account = try account(subscription.accountId)
        let product = try product(subscription.productId, in: subscription.bundleId)
        let period = try transaction(subscription.latestTransactionId)
        let added = try issueTransaction(
            NewTransaction(
                account: account, product: product, bundleId: subscription.bundleId,
                storefront: try storefront(subscription.storefront), purchaseDate: time, expiresDate: subscription.expiresDate,
                originalTransactionId: originalTransactionId,
                originalPurchaseDate: state.transactions[originalTransactionId]?.payload.purchaseDate,
                webOrderLineItemId: period.payload.webOrderLineItemId, quantity: count, price: seats.pricePerSeat,
                appAccountToken: subscription.appAccountToken, multiSeatInfo: seats.transactionInfo(quantity: count),
                additionalReason: .seatAddition))
        for other in state.transactions.values
        where other.originalTransactionId == originalTransactionId && other.accountId == subscription.accountId
            && other.payload.webOrderLineItemId == period.payload.webOrderLineItemId && other.transactionId != added.transactionId
        {
            modifyTransaction(other.transactionId) { $0.additionalTransactionReason = .seatAddition }
        }
        seats.seats += count
        seats.renewalQuantity += count
        subscription.seatGroup = seats
        store(subscription)
        try notify(
            .didChangeRenewalPref, .increaseQuantity, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: added, subscription: subscription, at: time)
        return added.transactionId
    }

    /// The purchaser changes how many seats renew (effective at the next renewal; more seats now
    /// are an addition). Below the seats taken is refused: the purchaser removes members first.
    /// Sent as `DID_CHANGE_RENEWAL_PREF` with `DECREASE_QUANTITY` or `INCREASE_QUANTITY`.
    mutating func setRenewalQuantity(_ originalTransactionId: String, to quantity: Int32, at time: Timestamp) throws(SimulatorError) {
        var (subscription, seats) = try activeGroup(originalTransactionId)
        guard quantity >= seats.occupied, quantity <= seats.seats else {
            throw .invalidRequest(
                "renewal seats must be between the \(seats.occupied) taken and the \(seats.seats) of the period, not \(quantity)")
        }
        guard quantity != seats.renewalQuantity else { return }
        let subtype: NotificationSubtype = quantity < seats.renewalQuantity ? .decreaseQuantity : .increaseQuantity
        seats.renewalQuantity = quantity
        subscription.seatGroup = seats
        store(subscription)
        try notify(
            .didChangeRenewalPref, subtype, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
            subscription: subscription, at: time)
    }

    /// A seat-based refund: `count` seats of the purchaser's `transactionId` are revoked
    /// (`revokedSeatQuantity`) and the transaction stays valid for the others; revoking its last
    /// seat revokes the transaction. `REFUND` with subtype `SEATS`; members keep their access.
    mutating func refundSeats(_ transactionId: String, count: Int32, at time: Timestamp) throws(SimulatorError) {
        let transaction = try transaction(transactionId)
        guard let info = transaction.payload.multiSeatInfo, transaction.payload.inAppOwnershipType == .purchased,
            var subscription = subscription(of: transaction), var seats = subscription.seatGroup
        else { throw .invalidState("transaction \(transactionId) is not a group purchaser's") }
        guard !transaction.isRevoked else { throw .invalidState("transaction \(transactionId) is already revoked") }
        let quantity = transaction.payload.quantity ?? 1
        let revoked = (info.revokedSeatQuantity ?? 0) + count
        guard count >= 1, revoked <= quantity else {
            throw .invalidRequest("cannot revoke \(count) more of the \(quantity) seats of \(transactionId)")
        }
        modifyTransaction(transactionId) {
            $0.multiSeatInfo?.revokedSeatQuantity = revoked
            if revoked == quantity {
                $0.revocationDate = time
                $0.revocationReason = .other
                $0.revocationType = .refundFull
                $0.revocationPercentage = 100_000
            }
        }
        state.transactions[transactionId]?.seatsRevokedAt = time
        seats.seats = max(seats.occupied, seats.seats - count)
        seats.renewalQuantity = min(seats.renewalQuantity, seats.seats)
        subscription.seatGroup = seats
        store(subscription)
        try notify(
            .refund, .seats, bundleId: transaction.bundleId, environment: transaction.environment,
            accountId: transaction.accountId, transaction: state.transactions[transactionId], subscription: subscription, at: time)
    }
}

public import Foundation

/// Multiseat (group) subscriptions, bought with ``PurchaseRequest/seats``: members joining
/// through Apple-hosted invitations, seat additions, the seats of the next renewal, seat refunds,
/// and the App Store releasing developer-hosted seat claims.
extension AppStoreSimulator {
    /// A member accepts the purchaser's Apple-hosted invitation (`SUBSCRIBED` to the member);
    /// returns the member's `ASSIGNED` transaction ID.
    @discardableResult
    public func joinGroup(originalTransactionId: String, member accountId: String) async throws -> String {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.joinGroup(originalTransactionId, member: accountId, at: now)
        }
    }

    /// The purchaser adds seats now (`DID_CHANGE_RENEWAL_PREF` / `INCREASE_QUANTITY`); returns the
    /// `SEAT_ADDITION` transaction ID.
    @discardableResult
    public func addSeats(originalTransactionId: String, count: Int32) async throws -> String {
        try await operate { (engine, now) throws(SimulatorError) in try engine.addSeats(originalTransactionId, count: count, at: now) }
    }

    /// The purchaser sets the seats of the next renewal (`DID_CHANGE_RENEWAL_PREF` /
    /// `DECREASE_QUANTITY` or `INCREASE_QUANTITY`).
    public func setRenewalQuantity(originalTransactionId: String, seats: Int32) async throws {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.setRenewalQuantity(originalTransactionId, to: seats, at: now)
        }
    }

    /// Apple refunds `count` seats of a group purchaser's transaction (`REFUND` / `SEATS`).
    public func refundSeats(transactionId: String, count: Int32) async throws {
        try await operate { (engine, now) throws(SimulatorError) in try engine.refundSeats(transactionId, count: count, at: now) }
    }

    /// The App Store releases developer-hosted seat claims (`UNCLAIM_SEATS`), every claim when
    /// `seatClaimIds` is nil; returns the claims released.
    @discardableResult
    public func unclaimSeats(originalTransactionId: String, seatClaimIds: [UUID]? = nil) async throws -> [UUID] {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.unclaimSeatsByApple(originalTransactionId, seatClaimIds: seatClaimIds, at: now)
        }
    }
}

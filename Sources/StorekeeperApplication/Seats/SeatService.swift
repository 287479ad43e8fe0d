package import AppStoreAPI
package import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperStore

/// The seat ledger's use cases for groups with developer-hosted invitations: an app claims a
/// seat of a purchaser's group for a member, names the member's app transaction (Associate
/// Seat), and releases the seat (Unclaim Seat). Apple is asked first, outside any transaction;
/// what it answered is then recorded in one write, audited on the purchaser's and the member's
/// timelines, and the member's access recomputed.
///
/// A claim is saved as pending before Apple is asked, under the app's request identifier: if the
/// process dies between Apple's answer and the write, the same request identifier again finds
/// the pending claim and asks Apple again with it, and Apple answers the same `seatClaimId`. A
/// request identifier whose claim is recorded answers it without asking Apple.
package struct SeatService: Sendable {
    package let store: any PurchaseStore
    package let recorder: SeatRecorder
    /// Apple's group endpoints per environment (the app's App Store Server API client).
    package let apple: @Sendable (AppStoreEnvironment) throws -> any AppStoreServerGroupsAPI
    package let now: any WallClock

    package init(
        store: any PurchaseStore, recorder: SeatRecorder,
        apple: @escaping @Sendable (AppStoreEnvironment) throws -> any AppStoreServerGroupsAPI, now: any WallClock
    ) {
        self.store = store
        self.recorder = recorder
        self.apple = apple
        self.now = now
    }

    /// A claim as answered to the caller.
    package struct Answer: Sendable, Hashable {
        package var claim: SeatClaim
        /// `true` when the claim (or change) was recorded before: nothing new happened.
        package var replayed: Bool
    }

    /// Which group, and who asks.
    package struct GroupCall: Sendable {
        package var purchaser: CustomerID
        package var originalTransactionId: String
        package var environment: AppStoreEnvironment?
        package var actor: AuditActor
        package var reason: String?

        package init(
            purchaser: CustomerID, originalTransactionId: String, environment: AppStoreEnvironment? = nil, actor: AuditActor,
            reason: String? = nil
        ) {
            self.purchaser = purchaser
            self.originalTransactionId = originalTransactionId
            self.environment = environment
            self.actor = actor
            self.reason = reason
        }
    }

    /// Claims a seat of the purchaser's group for `member` (Claim Seat with `requestIdentifier`).
    package func claim(
        _ call: GroupCall, member: CustomerID, requestIdentifier: UUID, appTransactionId: String?
    ) async throws -> Answer {
        let started = now()
        let (decision, group) = try await store.write { tx in
            let group = try await recorder.group(
                of: call.purchaser, originalTransactionId: call.originalTransactionId, environment: call.environment,
                now: started, in: tx)
            try await lock(group, member: member, in: tx)
            let decision = try SeatLedger.claim(
                group.seats, purchaser: group.purchaser, member: member, requestIdentifier: requestIdentifier,
                appTransactionId: appTransactionId, reason: call.reason, claims: try await tx.seatClaims(group: group.seats.group),
                groupActive: group.isActive, now: started)
            if case .new(let pending) = decision {
                try await tx.createCustomerIfMissing(Customer(id: member, createdAt: started))
                try await tx.insertSeatClaim(pending)
            }
            return (decision, group)
        }
        let pending: SeatClaim
        switch decision {
        case .existing(let claim) where claim.state != .pending: return Answer(claim: claim, replayed: true)
        case .existing(let claim), .new(let claim): pending = claim
        }
        let client = try apple(group.seats.group.environment)
        let answer: ClaimSeatResponse
        do {
            answer = try await client.claimSeat(
                transactionId: group.seats.group.originalTransactionId,
                request: ClaimSeatRequest(requestIdentifier: requestIdentifier, appTransactionId: pending.appTransactionId))
        } catch {
            if !error.isRetryable {
                // Apple refused: no seat was claimed, so the pending claim goes and a new request may follow.
                _ = try await store.write { tx in
                    try await tx.deletePendingSeatClaim(group: pending.group, requestIdentifier: requestIdentifier)
                }
            }
            throw AppleSide.error(error)
        }
        guard let seatClaimId = answer.seatClaimId else {
            throw StorekeeperError.unavailable("Apple's Claim Seat answer names no seat claim; retry with the same request identifier")
        }
        let recordedAt = now()
        return try await store.write { tx in
            try await lock(group, member: member, in: tx)
            guard let current = try await tx.seatClaim(group: pending.group, requestIdentifier: requestIdentifier) else {
                throw StorekeeperError.conflict("seat claim \(pending.subject) was removed while Apple answered")
            }
            guard current.state == .pending else { return Answer(claim: current, replayed: true) }
            let claimed = SeatLedger.claimed(current, seatClaimId: seatClaimId, now: recordedAt)
            try await recorder.record(
                claimed, kind: "seat.claimed", purchaser: group.purchaser, actor: call.actor, reason: call.reason, now: recordedAt,
                in: tx)
            return Answer(claim: claimed, replayed: false)
        }
    }

    /// Names the member's app transaction on a claimed seat (Associate Seat).
    package func associate(_ call: GroupCall, seatClaimId: UUID, appTransactionId: String) async throws -> Answer {
        let (group, claim) = try await claimed(call, seatClaimId: seatClaimId)
        guard try SeatLedger.associate(claim, appTransactionId: appTransactionId, now: now()) != nil else {
            return Answer(claim: claim, replayed: true)
        }
        let client = try apple(claim.group.environment)
        do {
            try await client.associateSeat(
                transactionId: claim.group.originalTransactionId, seatClaimId: seatClaimId,
                request: AssociateSeatRequest(appTransactionId: appTransactionId))
        } catch {
            throw AppleSide.error(error)
        }
        return try await change(group, claim) { current, at in
            try SeatLedger.associate(current, appTransactionId: appTransactionId, now: at).map { ($0, "seat.associated") }
        }
    }

    /// Releases a claimed seat (Unclaim Seat): the member's access through it ends.
    package func unclaim(_ call: GroupCall, seatClaimId: UUID) async throws -> Answer {
        let (group, claim) = try await claimed(call, seatClaimId: seatClaimId, releasedAnswers: true)
        guard claim.state == .claimed else { return Answer(claim: claim, replayed: true) }
        let client = try apple(claim.group.environment)
        do {
            try await client.unclaimSeat(
                transactionId: claim.group.originalTransactionId, seatClaimId: seatClaimId)
        } catch {
            throw AppleSide.error(error)
        }
        return try await change(group, claim, reason: call.reason) { current, at in
            SeatLedger.release(current, by: .app, reason: call.reason, now: at).map { ($0, "seat.unclaimed") }
        }
    }

    /// The group and its claim `seatClaimId`; not found unless the purchaser's group holds it.
    /// A released claim is refused unless `releasedAnswers` (an unclaim replayed).
    private func claimed(
        _ call: GroupCall, seatClaimId: UUID, releasedAnswers: Bool = false
    ) async throws -> (GroupContext, SeatClaim) {
        let at = now()
        return try await store.read { reader in
            let group = try await recorder.group(
                of: call.purchaser, originalTransactionId: call.originalTransactionId, environment: call.environment, now: at,
                in: reader)
            guard let claim = try await reader.seatClaims(group: group.seats.group).first(where: { $0.seatClaimId == seatClaimId })
            else { throw StorekeeperError.notFound("the group has no seat claim \(seatClaimId.lowercasedString)") }
            if !(releasedAnswers && claim.state == .unclaimed) { try SeatLedger.requireClaimed(claim) }
            return (GroupContext(group: group, call: call), claim)
        }
    }

    private struct GroupContext: Sendable {
        var group: SeatRecorder.LoadedGroup
        var call: GroupCall
    }

    /// Records the change `decide` makes of the claim as it is now, under the locks; a claim
    /// someone changed the same way meanwhile answers as a replay.
    private func change(
        _ context: GroupContext, _ claim: SeatClaim, reason: String? = nil,
        _ decide: @Sendable (SeatClaim, Timestamp) throws -> (SeatClaim, String)?
    ) async throws -> Answer {
        let at = now()
        return try await store.write { tx in
            try await lock(context.group, member: claim.memberId, in: tx)
            guard let current = try await tx.seatClaim(group: claim.group, requestIdentifier: claim.requestIdentifier) else {
                throw StorekeeperError.notFound("seat claim \(claim.subject) is gone")
            }
            guard let (changed, kind) = try decide(current, at) else { return Answer(claim: current, replayed: true) }
            try await recorder.record(
                changed, kind: kind, purchaser: context.group.purchaser, actor: context.call.actor, reason: reason ?? context.call.reason,
                now: at, in: tx)
            return Answer(claim: changed, replayed: false)
        }
    }

    /// Claims of one group are decided one at a time: the purchaser's and member's locks (in
    /// order), then the group's.
    private func lock(_ group: SeatRecorder.LoadedGroup, member: CustomerID, in tx: any CoordinationStoreWriter) async throws {
        for customer in Set([group.purchaser, member]).sorted() { try await tx.lock(customer: customer) }
        try await tx.lock(environment: group.seats.group.environment, originalTransactionId: group.seats.group.originalTransactionId)
    }
}

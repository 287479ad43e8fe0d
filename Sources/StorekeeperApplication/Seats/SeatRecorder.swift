package import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperStore

/// The seat ledger's writes shared by the app's seat use cases and Apple's `UNCLAIM_SEATS`:
/// loading a group, recording a claim's change with its audit on both customers' timelines, and
/// recomputing the access of the members a change touches. Runs inside the caller's write.
package struct SeatRecorder: Sendable {
    package let app: AppConfiguration
    package let applier: FactApplier

    package init(app: AppConfiguration, applier: FactApplier) {
        self.app = app
        self.applier = applier
    }

    /// The aggregates recording a claim touches: the ledger, customers, locks and what a
    /// member's grants are derived from.
    package typealias Aggregates =
        SeatClaimStoreWriter & CustomerStoreWriter & CoordinationStoreWriter & FactApplier.GrantAggregates

    /// A group subscription as its purchaser's app sees it.
    package struct LoadedGroup: Sendable {
        package var seats: GroupSeats
        package var purchaser: CustomerID
        /// Whether the group grants its purchaser access now (and so can seat members).
        package var isActive: Bool
    }

    /// The purchaser's group subscription `originalTransactionId` (in `environment`, when
    /// given): not found unless `purchaser` owns it, so another app's group, or another
    /// customer's, names nothing; a conflict when it is not a multiseat purchase.
    package func group(
        of purchaser: CustomerID, originalTransactionId: String, environment: AppStoreEnvironment?, now: Timestamp,
        in tx: any SubscriptionStoreReader & TransactionStoreReader
    ) async throws -> LoadedGroup {
        let owned = try await tx.subscriptions(customerId: purchaser).filter {
            $0.originalTransactionId == originalTransactionId && (environment == nil || $0.environment == environment)
        }
        guard let stored = owned.first else {
            throw StorekeeperError.notFound("the customer has no subscription \(originalTransactionId)")
        }
        guard owned.count == 1 else {
            throw StorekeeperError.invalidRequest("subscription \(originalTransactionId) exists in several environments: name one")
        }
        let transactions = try await tx.transactions(environment: stored.environment, originalTransactionId: originalTransactionId)
        guard let seats = GroupSeats(transactions: transactions.map(\.transaction)) else {
            throw StorekeeperError(.notAGroup, "subscription \(originalTransactionId) is not a multiseat purchase", kind: .conflict)
        }
        let state = try SubscriptionApplier.decode(stored.state)
        return LoadedGroup(
            seats: seats, purchaser: stored.customerId,
            isActive: state.access(at: now, policy: applier.subscriptions.policy).isEntitled)
    }

    /// Stores `changed` (`inserted` when new), audits `kind` on the purchaser's and the member's
    /// timelines, and recomputes the member's access.
    package func record(
        _ changed: SeatClaim, kind: String, purchaser: CustomerID, actor: AuditActor, fact: String? = nil, reason: String?,
        now: Timestamp, in tx: any SeatRecorder.Aggregates
    ) async throws {
        guard try await tx.updateSeatClaim(changed) else {
            throw PurchaseStoreError.changedSinceRead("seat claim \(changed.subject) disappeared since it was read")
        }
        var details = [
            "group": changed.group.description, "purchaser": purchaser.rawValue, "member": changed.memberId.rawValue,
            "requestIdentifier": changed.requestIdentifier.lowercasedString, "state": changed.state.rawValue,
        ]
        if let id = changed.seatClaimId { details["seatClaimId"] = id.lowercasedString }
        if let id = changed.appTransactionId { details["appTransactionId"] = id }
        if let who = changed.releasedBy { details["releasedBy"] = who.rawValue }
        for (customer, counterpart) in [(purchaser, changed.memberId), (changed.memberId, purchaser)] {
            var mine = details
            mine["counterpart"] = counterpart.rawValue
            try await tx.append(
                AuditEvent(
                    customerId: customer, kind: kind, actor: actor, subject: changed.subject, fact: fact, details: mine,
                    appId: app.id, reason: reason, createdAt: now))
        }
        try await tx.lock(customer: changed.memberId)
        try await applier.refreshGrants(of: changed.memberId, actor: actor, fact: fact ?? changed.subject, now: now, in: tx)
    }

    /// `UNCLAIM_SEATS`: the App Store released the claims `seatClaimIds` of `group`. Exactly
    /// those of this group that still hold a seat are released, audited and their members'
    /// access recomputed; a replay finds them released and changes nothing.
    package func releasedByApple(
        _ seatClaimIds: [UUID], group: PurchaseKey, fact: String, now: Timestamp, in tx: any SeatRecorder.Aggregates
    ) async throws {
        let claims = try await tx.seatClaims(group: group)
        let released = SeatLedger.unclaimedByApple(seatClaimIds, of: claims, group: group, now: now)
        guard !released.isEmpty else { return }
        let purchaser =
            try await tx.owner(environment: group.environment, originalTransactionId: group.originalTransactionId)
        for claim in released.sorted(by: { $0.memberId < $1.memberId }) {
            try await record(
                claim, kind: "seat.unclaimed", purchaser: purchaser ?? claim.memberId, actor: .apple, fact: fact,
                reason: "UNCLAIM_SEATS", now: now, in: tx)
        }
    }

    /// Recomputes the access of every member holding a claim of `group`, after the group
    /// subscription changed (a renewal, an expiry, a refund): their access follows it.
    package func refreshMembers(
        of group: PurchaseKey, actor: AuditActor, fact: String, now: Timestamp, in tx: any SeatRecorder.Aggregates
    ) async throws {
        let members = Set(try await tx.seatClaims(group: group).filter { $0.state == .claimed }.map(\.memberId))
        for member in members.sorted() {
            try await tx.lock(customer: member)
            try await applier.refreshGrants(of: member, actor: actor, fact: fact, now: now, in: tx)
        }
    }
}

extension StorekeeperError.Code {
    /// The subscription is not a multiseat (group) purchase.
    package static let notAGroup = Self(rawValue: "notAGroup")
}

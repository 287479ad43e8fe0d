import AppStoreModels
import Storekeeper
import StorekeeperStore

extension FactApplier {
    /// A member's access through the seats claimed for them (``SeatLedger/memberGrants(_:claims:groupGrants:)``):
    /// each group subscription's grants as its purchaser has them now.
    func seatGrants(of member: CustomerID, in tx: any FactApplier.GrantAggregates) async throws -> [EntitlementGrant] {
        let claims = try await tx.seatClaims(memberId: member).filter { $0.state == .claimed }
        guard !claims.isEmpty else { return [] }
        var groupGrants: [PurchaseKey: [EntitlementGrant]] = [:]
        for group in Set(claims.map(\.group)).sorted() {
            guard
                let stored = try await tx.subscription(
                    environment: group.environment, originalTransactionId: group.originalTransactionId)
            else { continue }
            groupGrants[group] = try subscriptions.grants(of: stored)
        }
        return SeatLedger.memberGrants(member, claims: claims, groupGrants: groupGrants)
    }
}

import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let operatorGrantCases: [StoreContractCase] = [
        StoreContractCase("operator grants: kept whole per customer, oldest first, revoked once, ids unique") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            let bob = StoreFixtures.customerID("bob")
            func grant(_ customer: CustomerID, _ entitlement: String, starts: Int64, id: UUID = UUID.random()) -> OperatorGrant {
                OperatorGrant(
                    id: id, appId: "demo", customerId: customer, entitlement: entitlement, productId: "product.\(entitlement)",
                    environment: .production, startsAt: StoreFixtures.at(starts), expiresAt: StoreFixtures.at(starts + 1_000),
                    operatorName: "ann", reason: "outage on the 3rd", createdAt: StoreFixtures.at(starts))
            }
            let later = grant(alice, "pro", starts: 20)
            let earlier = grant(alice, "ads.off", starts: 10)
            let bobs = grant(bob, "pro", starts: 5)
            try await store.write { tx throws in
                for each in [later, earlier, bobs] { try await tx.insertOperatorGrant(each) }
            }
            try await store.read { tx throws in
                #expect(try await tx.operatorGrants(customerId: alice) == [earlier, later])
                #expect(try await tx.operatorGrants(customerId: bob) == [bobs])
                #expect(try await tx.operatorGrant(id: later.id) == later)
                #expect(try await tx.operatorGrant(id: UUID.random()) == nil)
            }

            // A second grant with the same id fails, and its transaction keeps nothing.
            await #expect(throws: (any Error).self) {
                try await store.write { tx throws in
                    try await tx.insertOperatorGrant(grant(bob, "extra", starts: 1))
                    try await tx.insertOperatorGrant(grant(alice, "pro", starts: 30, id: later.id))
                }
            }
            #expect(try await store.read { try await $0.operatorGrants(customerId: bob) } == [bobs])

            // Revoked once: the second revocation changes nothing.
            var revoked = later
            revoked.revokedAt = StoreFixtures.at(500)
            revoked.revokedBy = "bea"
            revoked.revokeReason = "granted by mistake"
            var again = revoked
            again.revokedAt = StoreFixtures.at(600)
            again.revokedBy = "cid"
            let results = try await store.write { tx throws in
                [try await tx.revokeOperatorGrant(revoked), try await tx.revokeOperatorGrant(again)]
            }
            #expect(results == [true, false])
            #expect(try await store.read { try await $0.operatorGrant(id: later.id) } == revoked)
            var unknown = grant(bob, "none", starts: 1)
            unknown.revokedAt = StoreFixtures.at(2)
            #expect(try await store.write { try await $0.revokeOperatorGrant(unknown) } == false)
            // A revocation must carry its moment.
            await #expect(throws: PurchaseStoreError.self) {
                try await store.write { try await $0.revokeOperatorGrant(earlier) }
            }
        }
    ]
}

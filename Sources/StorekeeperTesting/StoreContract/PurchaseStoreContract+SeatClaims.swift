import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let seatClaimCases: [StoreContractCase] = [
        StoreContractCase("seat claims: one per group and request identifier, one per Apple claim id, kept whole, by group and by member") {
            context throws in
            let store = context.store
            let ana = StoreFixtures.customerID("ana")
            let ben = StoreFixtures.customerID("ben")
            let team = PurchaseKey(environment: .sandbox, originalTransactionId: "700001")
            let other = PurchaseKey(environment: .sandbox, originalTransactionId: "700002")
            let first = SeatClaim(
                group: team, requestIdentifier: UUID.random(), memberId: ana, reason: "invited by the owner",
                claimedAt: StoreFixtures.at(20))
            let second = SeatClaim(group: team, requestIdentifier: UUID.random(), memberId: ben, claimedAt: StoreFixtures.at(10))
            // The same request identifier in another group (another app's) is another claim.
            let elsewhere = SeatClaim(
                group: other, requestIdentifier: first.requestIdentifier, memberId: ana, claimedAt: StoreFixtures.at(30))
            try await store.write { tx throws in
                for claim in [first, second, elsewhere] { try await tx.insertSeatClaim(claim) }
            }
            try await store.read { tx throws in
                #expect(try await tx.seatClaims(group: team) == [second, first])
                #expect(try await tx.seatClaims(group: other) == [elsewhere])
                #expect(try await tx.seatClaims(memberId: ana) == [first, elsewhere])
                #expect(try await tx.seatClaim(group: team, requestIdentifier: first.requestIdentifier) == first)
                #expect(try await tx.seatClaim(group: other, requestIdentifier: second.requestIdentifier) == nil)
                #expect(try await tx.seatClaims(memberId: StoreFixtures.customerID("nobody")).isEmpty)
            }

            // A second claim with the same group and request identifier fails, and its transaction keeps nothing.
            await #expect(throws: (any Error).self) {
                try await store.write { tx throws in
                    try await tx.insertSeatClaim(
                        SeatClaim(group: other, requestIdentifier: UUID.random(), memberId: ben, claimedAt: StoreFixtures.at(40)))
                    try await tx.insertSeatClaim(
                        SeatClaim(group: team, requestIdentifier: first.requestIdentifier, memberId: ben, claimedAt: StoreFixtures.at(50)))
                }
            }
            #expect(try await store.read { try await $0.seatClaims(group: other) } == [elsewhere])

            // Apple's answer, the member's app transaction, then the release: stored as given.
            let seat = UUID.random()
            var claimed = SeatLedger.claimed(first, seatClaimId: seat, now: StoreFixtures.at(60))
            claimed.appTransactionId = "910001"
            let released = try #require(SeatLedger.release(claimed, by: .apple, reason: "UNCLAIM_SEATS", now: StoreFixtures.at(70)))
            let updates = try await store.write { tx throws in
                [try await tx.updateSeatClaim(claimed), try await tx.updateSeatClaim(released)]
            }
            #expect(updates == [true, true])
            #expect(try await store.read { try await $0.seatClaim(group: team, requestIdentifier: first.requestIdentifier) } == released)
            var unknown = first
            unknown.requestIdentifier = UUID.random()
            #expect(try await store.write { try await $0.updateSeatClaim(unknown) } == false)

            // Apple's claim id names one claim.
            await #expect(throws: (any Error).self) {
                try await store.write { tx throws in
                    _ = try await tx.updateSeatClaim(SeatLedger.claimed(second, seatClaimId: seat, now: StoreFixtures.at(80)))
                }
            }
            #expect(try await store.read { try await $0.seatClaim(group: team, requestIdentifier: second.requestIdentifier) } == second)

            // Only a pending claim is forgotten.
            let deleted = try await store.write { tx throws in
                [
                    try await tx.deletePendingSeatClaim(group: team, requestIdentifier: first.requestIdentifier),
                    try await tx.deletePendingSeatClaim(group: team, requestIdentifier: second.requestIdentifier),
                    try await tx.deletePendingSeatClaim(group: team, requestIdentifier: second.requestIdentifier),
                ]
            }
            #expect(deleted == [false, true, false])
            #expect(try await store.read { try await $0.seatClaims(group: team) } == [released])

            // Text holding NUL is refused like every text column.
            await #expect(throws: PurchaseStoreError.self) {
                try await store.write { tx throws in
                    try await tx.insertSeatClaim(
                        SeatClaim(
                            group: team, requestIdentifier: UUID.random(), memberId: ben, reason: "a\u{0}b", claimedAt: StoreFixtures.at(90)
                        ))
                }
            }
        },
        StoreContractCase("seat claims follow a merged member to its account; other members' stay") { context throws in
            let store = context.store
            let guest = StoreFixtures.customerID("guest:phone-1")
            let ana = StoreFixtures.customerID("ana")
            let ben = StoreFixtures.customerID("ben")
            let team = PurchaseKey(environment: .sandbox, originalTransactionId: "710001")
            let other = PurchaseKey(environment: .sandbox, originalTransactionId: "710002")
            let guestSeat = SeatClaim(group: team, requestIdentifier: UUID.random(), memberId: guest, claimedAt: StoreFixtures.at(10))
            let guestOther = SeatClaim(group: other, requestIdentifier: UUID.random(), memberId: guest, claimedAt: StoreFixtures.at(20))
            let benSeat = SeatClaim(group: team, requestIdentifier: UUID.random(), memberId: ben, claimedAt: StoreFixtures.at(30))
            try await store.write { tx throws in
                for claim in [guestSeat, guestOther, benSeat] { try await tx.insertSeatClaim(claim) }
            }
            let moved = try await store.write { tx throws in try await tx.reassignSeatClaims(from: guest, to: ana) }
            #expect(moved == 2)
            try await store.read { tx throws in
                #expect(try await tx.seatClaims(memberId: guest).isEmpty)
                #expect(
                    try await tx.seatClaims(memberId: ana).map(\.requestIdentifier) == [
                        guestSeat.requestIdentifier, guestOther.requestIdentifier,
                    ])
                #expect(try await tx.seatClaims(memberId: ben) == [benSeat])
                #expect(try await tx.seatClaim(group: team, requestIdentifier: guestSeat.requestIdentifier)?.memberId == ana)
            }
            #expect(
                try await store.write { tx throws in try await tx.reassignSeatClaims(from: guest, to: ana) } == 0, "nothing left to move")
        },
    ]
}

import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The seat ledger's decisions for groups with developer-hosted invitations (``SeatLedger``,
/// ``GroupSeats``): who may claim, what a replay answers, what Apple's unclaim releases, and the
/// access a member's claims give.
@Suite("Seat ledger")
struct SeatLedgerTests {
    static let t0 = Timestamp(millisecondsSince1970: 1_790_000_000_000)
    static func at(_ offset: Int64) -> Timestamp { t0.adding(milliseconds: offset) }
    static let group = PurchaseKey(environment: .sandbox, originalTransactionId: "500")
    static let owner = CustomerID(rawValue: "owner")!
    static let ana = CustomerID(rawValue: "ana")!
    static let ben = CustomerID(rawValue: "ben")!

    static func transaction(
        _ id: String, seats: Int, line: String = "w1", at offset: Int64 = 0, refunded: Int32? = nil, revoked: Bool = false,
        hosting: InvitationManagement = .developer, ownership: InAppOwnershipType = .purchased
    ) -> AppleTransaction {
        AppleTransaction(
            environment: .sandbox, transactionId: id, originalTransactionId: "500", webOrderLineItemId: line, productId: "pro.team",
            productType: .autoRenewableSubscription, purchaseDate: at(offset), quantity: seats, ownership: ownership,
            revocationDate: revoked ? at(offset + 1) : nil, price: 9990, currency: "USD",
            multiSeatInfo: TransactionMultiSeatInfo(
                invitationManagement: hosting, priceTiers: [MultiSeatPriceTier(tierPrice: 9990, tierQuantity: Int32(seats))],
                revokedSeatQuantity: refunded),
            signedDate: at(offset), source: .notification)
    }

    static func seats(_ total: Int, hosting: InvitationManagement = .developer) -> GroupSeats {
        GroupSeats(group: group, productId: "pro.team", invitationManagement: hosting, totalSeats: total)
    }

    static func claim(_ member: CustomerID, _ state: SeatClaimState = .claimed, id: UUID? = UUID()) -> SeatClaim {
        SeatClaim(
            group: group, requestIdentifier: UUID(), memberId: member, seatClaimId: state == .pending ? nil : id, state: state,
            claimedAt: at(10))
    }

    @Test("The current period's seats: the purchase and its additions, less refunded seats; a renewal starts over")
    func seatsOfThePeriod() throws {
        let bought = Self.transaction("1", seats: 5)
        let added = Self.transaction("2", seats: 2, at: 100, refunded: 1)
        #expect(GroupSeats(transactions: [bought, added])?.totalSeats == 6)
        let renewed = Self.transaction("3", seats: 4, line: "w2", at: 1_000)
        #expect(GroupSeats(transactions: [bought, added, renewed])?.totalSeats == 4)
        #expect(GroupSeats(transactions: [bought, Self.transaction("4", seats: 2, at: 100, revoked: true)])?.totalSeats == 5)
        // A member's shared copy, or a single-seat purchase, is no group.
        #expect(GroupSeats(transactions: [Self.transaction("5", seats: 5, ownership: .assigned)]) == nil)
        var single = bought
        single.multiSeatInfo = nil
        #expect(GroupSeats(transactions: [single]) == nil)
        #expect(GroupSeats(transactions: [bought])?.invitationManagement == .developer)
    }

    @Test("A claim needs a developer-hosted, active group, a free seat, and a member who holds none")
    func claimRules() throws {
        let id = UUID()
        func decide(
            _ seats: GroupSeats, _ member: CustomerID, claims: [SeatClaim] = [], active: Bool = true
        ) throws
            -> SeatLedger.ClaimDecision
        {
            try SeatLedger.claim(
                seats, purchaser: Self.owner, member: member, requestIdentifier: id, appTransactionId: nil, reason: nil,
                claims: claims, groupActive: active, now: Self.at(20))
        }
        guard case .new(let pending) = try decide(Self.seats(3), Self.ana) else {
            Issue.record("a free seat is claimed")
            return
        }
        #expect(pending.state == .pending && pending.seatClaimId == nil && pending.requestIdentifier == id)
        func code(_ body: () throws -> SeatLedger.ClaimDecision) -> String? {
            do {
                _ = try body()
                return nil
            } catch let error as StorekeeperError {
                return error.code.rawValue
            } catch {
                return "\(error)"
            }
        }
        #expect(code { try decide(Self.seats(3, hosting: .apple), Self.ana) } == "notDeveloperHosted")
        #expect(code { try decide(Self.seats(3), Self.ana, active: false) } == "groupInactive")
        #expect(code { try decide(Self.seats(3), Self.owner) } == "seatAlreadyHeld")
        #expect(code { try decide(Self.seats(3), Self.ana, claims: [Self.claim(Self.ana, .pending)]) } == "seatAlreadyHeld")
        // The purchaser holds one of 3 seats; two claims (one pending) take the others.
        #expect(
            code {
                try decide(Self.seats(3), Self.ana, claims: [Self.claim(Self.ben), Self.claim(CustomerID(rawValue: "cai")!, .pending)])
            } == "noSeatAvailable")
        // A released claim frees its seat, and its member may be seated again.
        #expect(code { try decide(Self.seats(2), Self.ana, claims: [Self.claim(Self.ana, .unclaimed)]) } == nil)
    }

    @Test("A replayed request identifier answers its claim, even once the group is full or inactive; for another member it is refused")
    func replay() throws {
        var earlier = Self.claim(Self.ana)
        earlier.requestIdentifier = UUID()
        let decision = try SeatLedger.claim(
            Self.seats(2), purchaser: Self.owner, member: Self.ana, requestIdentifier: earlier.requestIdentifier, appTransactionId: nil,
            reason: nil, claims: [earlier], groupActive: false, now: Self.at(30))
        #expect(decision == .existing(earlier))
        #expect(throws: StorekeeperError.self) {
            try SeatLedger.claim(
                Self.seats(5), purchaser: Self.owner, member: Self.ben, requestIdentifier: earlier.requestIdentifier,
                appTransactionId: nil, reason: nil, claims: [earlier], groupActive: true, now: Self.at(30))
        }
    }

    @Test("UNCLAIM_SEATS releases exactly the held claims it names in this group; a replay releases nothing")
    func unclaimedByApple() throws {
        let ana = Self.claim(Self.ana)
        let ben = Self.claim(Self.ben)
        var elsewhere = Self.claim(CustomerID(rawValue: "cai")!)
        elsewhere.group = PurchaseKey(environment: .sandbox, originalTransactionId: "other")
        let ids = [ana, elsewhere].compactMap(\.seatClaimId) + [UUID()]
        let released = SeatLedger.unclaimedByApple(ids, of: [ana, ben, elsewhere], group: Self.group, now: Self.at(50))
        #expect(released.map(\.memberId) == [Self.ana])
        #expect(released.first?.state == .unclaimed && released.first?.releasedBy == .apple)
        #expect(SeatLedger.unclaimedByApple(ids, of: released + [ben], group: Self.group, now: Self.at(60)).isEmpty)
    }

    @Test("A member's access is the group's, from the claim on; pending and released claims give none")
    func memberGrants() throws {
        let source = GrantSource(environment: .sandbox, originalTransactionId: "500", transactionId: "9")
        let groupGrant = EntitlementGrant(
            customerId: Self.owner, entitlement: "pro", productId: "pro.team", source: source, startsAt: Self.at(0),
            expiresAt: Self.at(1_000))
        let grants = SeatLedger.memberGrants(
            Self.ana,
            claims: [Self.claim(Self.ana), Self.claim(Self.ana, .pending), Self.claim(Self.ana, .unclaimed), Self.claim(Self.ben)],
            groupGrants: [Self.group: [groupGrant]])
        #expect(
            grants == [
                EntitlementGrant(
                    customerId: Self.ana, entitlement: "pro", productId: "pro.team", source: source, startsAt: Self.at(10),
                    expiresAt: Self.at(1_000))
            ])
        // A group whose access ended before the claim gives nothing; no group state, nothing.
        var ended = groupGrant
        ended.expiresAt = Self.at(5)
        #expect(SeatLedger.memberGrants(Self.ana, claims: [Self.claim(Self.ana)], groupGrants: [Self.group: [ended]]).isEmpty)
        #expect(SeatLedger.memberGrants(Self.ana, claims: [Self.claim(Self.ana)], groupGrants: [:]).isEmpty)
    }

    @Test("Associate and release change a claimed seat once; a pending claim is refused")
    func associateAndRelease() throws {
        let claimed = Self.claim(Self.ana)
        let associated = try #require(try SeatLedger.associate(claimed, appTransactionId: "77", now: Self.at(40)))
        #expect(associated.appTransactionId == "77")
        #expect(try SeatLedger.associate(associated, appTransactionId: "77", now: Self.at(41)) == nil)
        #expect(throws: StorekeeperError.self) {
            try SeatLedger.associate(Self.claim(Self.ana, .pending), appTransactionId: "77", now: Self.at(42))
        }
        let released = try #require(SeatLedger.release(associated, by: .app, reason: "left the team", now: Self.at(50)))
        #expect(released.state == .unclaimed && released.releasedBy == .app && released.releasedAt == Self.at(50))
        #expect(SeatLedger.release(released, by: .apple, reason: nil, now: Self.at(60)) == nil)
    }
}

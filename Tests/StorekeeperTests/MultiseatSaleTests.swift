import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The revenue rule of multiseat (group) subscriptions: the purchaser's transaction is one sale of
/// its seats; members' assigned transactions are access, never revenue; seat refunds and renewal
/// seat counts move units and revenue (``Sale``, ``TransactionFigures``, ``Reconciler``).
@Suite("Multiseat sales")
struct MultiseatSaleTests {
    static let day = ReconcilerTests.day
    static let noon = ReconcilerTests.noon
    static let later = Timestamp(millisecondsSince1970: noon.millisecondsSince1970 + 3_600_000)

    /// A production transaction of `pro.team` for `seats` seats at one tier of 9.99 a seat.
    static func seats(
        _ id: String, seats: Int, ownership: InAppOwnershipType = .purchased, revoked: Int32? = nil,
        tiers: [MultiSeatPriceTier]? = nil, at instant: Timestamp = noon, signed: Timestamp = noon,
        revokedAt: Timestamp? = nil, reason: TransactionReason = .purchase
    ) -> AppleTransaction {
        AppleTransaction(
            environment: .production, transactionId: id, originalTransactionId: "100", webOrderLineItemId: "w1",
            productId: "pro.team", productType: .autoRenewableSubscription, purchaseDate: instant, quantity: seats,
            ownership: ownership, revocationDate: revokedAt, price: 9990, currency: "USD", storefront: "USA",
            transactionReason: reason, appTransactionId: "704289572311614578",
            multiSeatInfo: TransactionMultiSeatInfo(
                invitationManagement: .apple,
                priceTiers: tiers ?? [MultiSeatPriceTier(tierPrice: 9990, tierQuantity: Int32(seats))], revokedSeatQuantity: revoked),
            signedDate: signed, source: .notification)
    }

    static func overview(_ moves: FigureMoves) -> FigureOverview.Day? {
        let days = FigureDay(containing: noon)...FigureDay(containing: later)
        let totals = moves.sorted.map {
            FigureTotal(day: $0.key.day, metric: $0.key.metric, productId: $0.key.productId, dimension: $0.key.dimension, value: $0.amount)
        }
        return FigureOverview(days: days, opening: [], totals: totals).days.first
    }

    @Test("A 5-seat purchase is one sale of 5 units; its 3 members' assigned transactions sell nothing")
    func oneSaleForTheGroup() throws {
        let purchaser = Self.seats("1", seats: 5)
        let members = (2...4).map { Self.seats(String($0), seats: 5, ownership: .assigned) }
        let sale = try #require(Sale(purchaser))
        #expect(sale.units == 5)
        #expect(sale.amount == 49_950)
        for member in members { #expect(Sale(member) == nil) }

        let moves = ([purchaser] + members).reduce(FigureMoves()) {
            $0 + TransactionFigures.contribution(of: $1, proceeds: ProceedsEstimator())
        }
        let figures = try #require(Self.overview(moves))
        #expect(figures.counts[.units]?["pro.team"] == 5)
        #expect(figures.money[.revenue]?["USD"] == 49_950)

        let lines = Reconciler.reconcile(
            day: Self.day, report: [ReconcilerTests.row(1, sku: "pro.team", type: "IAY", units: 5, price: 9990, subscription: "New")],
            transactions: [purchaser] + members)
        #expect(lines.map(\.outcome) == [.matched])
        #expect(lines.first?.storekeeperUnits == 5)
    }

    @Test("Price tiers, not the average price, make the amount; seats fill the dearest tier first")
    func tiers() throws {
        let eight = Self.seats(
            "1", seats: 8,
            tiers: [MultiSeatPriceTier(tierPrice: 7990, tierQuantity: 3), MultiSeatPriceTier(tierPrice: 9990, tierQuantity: 5)])
        let sale = try #require(Sale(eight))
        #expect(sale.lines == [Sale.Line(price: 9990, units: 5), Sale.Line(price: 7990, units: 3)])
        #expect(sale.amount == 5 * 9990 + 3 * 7990)
        #expect(sale.amount != 8 * 9990)
    }

    @Test("A 2-seat refund takes back 2 units and their price on the day it is reported; the transaction stays valid")
    func seatRefund() throws {
        let bought = Self.seats("1", seats: 5)
        let refunded = Self.seats("1", seats: 5, revoked: 2, signed: Self.later)
        let sale = try #require(Sale(refunded))
        #expect(sale.refundedUnits == 2)
        #expect(sale.refundedAmount == 2 * 9990)
        #expect(sale.refundDate == Self.later)
        #expect(!refunded.isRevoked)

        let estimator = ProceedsEstimator()
        let moves =
            TransactionFigures.moves(from: nil, to: bought, proceeds: estimator)
            + TransactionFigures.moves(from: bought, to: refunded, proceeds: estimator)
        let figures = try #require(Self.overview(moves))
        #expect(figures.counts[.units]?["pro.team"] == 3)
        #expect(figures.counts[.refunds]?["pro.team"] == 1)
        #expect(figures.money[.refunded]?["USD"] == Int64(2 * 9990))
        #expect(figures.money[.revenue]?["USD"] == Int64(5 * 9990))

        // Reported again (a resync) with the same refund: nothing more moves.
        #expect(TransactionFigures.moves(from: refunded, to: refunded, proceeds: estimator).isEmpty)

        let report = [
            ReconcilerTests.row(1, sku: "pro.team", type: "IAY", units: 5, price: 9990, subscription: "New"),
            ReconcilerTests.row(2, sku: "pro.team", type: "IAY", units: -2, price: -9990, subscription: "New"),
        ]
        let lines = Reconciler.reconcile(day: Self.day, report: report, transactions: [refunded])
        #expect(lines.map(\.outcome) == [.matched, .matched])
        #expect(Set(lines.map(\.storekeeperUnits)) == [5, -2])
    }

    @Test("Seats refunded come off the cheapest tier first")
    func seatRefundTakesTheLastFilledSeats() throws {
        let tiers = [MultiSeatPriceTier(tierPrice: 9990, tierQuantity: 5), MultiSeatPriceTier(tierPrice: 7990, tierQuantity: 3)]
        let sale = try #require(Sale(Self.seats("1", seats: 8, revoked: 4, tiers: tiers)))
        #expect(sale.refunded == [Sale.Line(price: 9990, units: 1), Sale.Line(price: 7990, units: 3)])
    }

    @Test("Every seat refunded revokes the transaction: a full refund on its revocation day")
    func everySeatRefunded() throws {
        let sale = try #require(Sale(Self.seats("1", seats: 5, revoked: 5, revokedAt: Self.later)))
        #expect(sale.refundedUnits == 5)
        #expect(sale.refundDate == Self.later)
    }

    @Test("A seat addition is a sale of its own seats; a renewal sells the seats it renews with")
    func additionsAndRenewals() throws {
        let addition = Self.seats("2", seats: 2)
        let renewal = Self.seats("3", seats: 4, reason: .renewal)
        #expect(Sale(addition)?.units == 2)
        #expect(Sale(renewal)?.units == 4)
        #expect(Sale(renewal)?.amount == Int64(4 * 9990))
    }

    @Test("Without seat information a transaction sells its quantity at its price, as before")
    func plainTransaction() throws {
        let sale = try #require(Sale(ReconcilerTests.sale("1", quantity: 3)))
        #expect(sale.lines == [Sale.Line(price: 990, units: 3)])
        #expect(Sale(ReconcilerTests.sale("2", ownership: .familyShared)) == nil)
    }

    @Test("A member's revoked seat is the end of an assigned seat, never a refund; the purchaser's is a refund")
    func revokedSeatsAreNotRefunds() throws {
        let member = Self.seats("2", seats: 5, ownership: .assigned, revokedAt: Self.later)
        let purchaser = Self.seats("1", seats: 5, revokedAt: Self.later)
        let shared = Self.seats("3", seats: 5, ownership: .familyShared, revokedAt: Self.later)
        #expect(RefundRecord.Kind(member) == .seatRevoked)
        #expect(RefundRecord.Kind(purchaser) == .refunded)
        #expect(RefundRecord.Kind(shared) == .familySharingRevoked)
        #expect(RefundRecord.Kind(Self.seats("4", seats: 5, ownership: .assigned)) == nil, "not revoked")
        #expect(RevocationInfo.Kind.revocation(of: .assigned) == .seatRevoked)
        #expect(RevocationInfo.Kind.revocation(of: .purchased) == .refunded && RevocationInfo.Kind.revocation(of: nil) == .refunded)
    }

    @Test("Only a fact that may be about a group makes Storekeeper read its seat claims")
    func seatedMembersAreRecomputedOnlyForGroupFacts() {
        var ordinary = Self.seats("5", seats: 1)
        ordinary.multiSeatInfo = nil
        #expect(!SubscriptionFact(transaction: ordinary).mayConcernSeatedMembers, "an ordinary subscription reads no claims")
        #expect(SubscriptionFact(transaction: Self.seats("6", seats: 3)).mayConcernSeatedMembers)
        var unclaim = SubscriptionFact(transaction: ordinary)
        unclaim.unclaimedSeatClaimIds = [UUID()]
        #expect(unclaim.mayConcernSeatedMembers, "UNCLAIM_SEATS names claims")
        #expect(
            SubscriptionFact(environment: .production, originalTransactionId: "100", signedDate: Self.noon, source: .notification)
                .mayConcernSeatedMembers, "without a transaction it may be a group's")
    }
}

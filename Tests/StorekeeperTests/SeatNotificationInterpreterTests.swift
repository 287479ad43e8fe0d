import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The notifications of multiseat (group) subscriptions (Notifications 2.23) are subscription
/// facts: the transaction they carry keeps its seats, its app transaction identifier and its
/// ownership, and the renewal info its seat count, for the figures and access to decide from.
@Suite("V2 notification interpretation: group subscriptions")
struct SeatNotificationInterpreterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var type: NotificationTypeV2
        var subtype: NotificationSubtype?
        var ownership: InAppOwnershipType
        var revokedSeats: Int32?
        var testDescription: String { "\(type.rawValue) \(subtype?.rawValue ?? "")" }
    }

    static let cases: [Case] = [
        Case(type: .subscribed, subtype: .initialBuy, ownership: .assigned, revokedSeats: nil),
        Case(type: .didChangeRenewalPref, subtype: .increaseQuantity, ownership: .purchased, revokedSeats: nil),
        Case(type: .didChangeRenewalPref, subtype: .decreaseQuantity, ownership: .purchased, revokedSeats: nil),
        Case(type: .refund, subtype: .seats, ownership: .purchased, revokedSeats: 2),
        Case(type: .unclaimSeats, subtype: nil, ownership: .purchased, revokedSeats: nil),
    ]

    @Test("a group subscription's notification is a subscription fact that keeps the seats", arguments: cases)
    func seats(_ testCase: Case) throws {
        let transaction = JWSTransactionDecodedPayload(
            transactionId: "2000000888000002", originalTransactionId: "2000000888000001", webOrderLineItemId: "2000000888900001",
            bundleId: "com.example.app", productId: "com.example.team", purchaseDate: Clock.day(1), expiresDate: Clock.day(31),
            quantity: 5, type: .autoRenewableSubscription, inAppOwnershipType: testCase.ownership, signedDate: V2Fixture.signed,
            environment: .production, transactionReason: .purchase, price: 9990, currency: "USD", appTransactionId: "704289572311614578",
            multiSeatInfo: TransactionMultiSeatInfo(
                invitationManagement: testCase.type == .unclaimSeats ? .developer : .apple,
                priceTiers: [MultiSeatPriceTier(tierPrice: 9990, tierQuantity: 5)], revokedSeatQuantity: testCase.revokedSeats),
            additionalTransactionReason: testCase.subtype == .increaseQuantity ? .seatAddition : nil)
        let renewal = JWSRenewalInfoDecodedPayload(
            originalTransactionId: "2000000888000001", productId: "com.example.team", autoRenewProductId: "com.example.team",
            autoRenewStatus: .on, signedDate: V2Fixture.signed, environment: .production, renewalQuantity: 4)
        var payload = V2Fixture.payload(testCase.type, testCase.subtype)
        let unclaimed = UUID()
        if testCase.type == .unclaimSeats { payload.unclaimInfo = UnclaimInfo(unclaimSeatIds: [unclaimed]) }
        let fact = NotificationInterpreter.interpret(payload, transaction: transaction, renewalInfo: renewal)
        guard case .subscription(let subscription) = fact else {
            Issue.record("expected a subscription fact, got \(fact)")
            return
        }
        let recorded = try #require(subscription.transaction)
        #expect(recorded.quantity == 5)
        #expect(recorded.ownership == testCase.ownership)
        #expect(recorded.appTransactionId == "704289572311614578")
        #expect(recorded.multiSeatInfo == transaction.multiSeatInfo)
        #expect(recorded.additionalTransactionReason == transaction.additionalTransactionReason)
        #expect(recorded.isRevoked == false, "a seat refund does not revoke the transaction")
        #expect(subscription.notification?.subtype == testCase.subtype)
        #expect(subscription.renewalInfo?.renewalQuantity == 4)
        #expect(Sale(recorded).map(\.units) == (testCase.ownership == .assigned ? nil : 5))
        // Only UNCLAIM_SEATS names seat claims to release, exactly those Apple listed.
        #expect(subscription.unclaimedSeatClaimIds == (testCase.type == .unclaimSeats ? [unclaimed] : nil))
    }
}

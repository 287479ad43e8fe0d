import AppStoreModels
import AppStoreSimulator
import Foundation
import Testing

/// The control API of multiseat (group) subscriptions: a seat purchase, a member joining, seats
/// added, renewal seats, a seat refund and Apple releasing developer-hosted claims.
@Suite("Control API over HTTP: group subscriptions")
struct ControlSeatsTests {
    @Test("buy seats, a member joins, seats added, renewal seats lowered, seats refunded")
    func appleHosted() async throws {
        try await ControlAPITests().withControl { api, simulator in
            for account in ["gus", "hal"] {
                #expect(try await api.call(.put, "/control/accounts", body: #"{"id":"\#(account)"}"#, authorized: false).status == .ok)
            }
            let purchase = try await api.call(
                .post, "/control/purchases",
                body: #"{"accountId":"gus","bundleId":"\#(Fixtures.bundleId)","productId":"\#(DemoCatalog.monthly)","seats":3}"#,
                authorized: false)
            let result = try purchase.decode(PurchaseResult.self)
            #expect(result.transaction.quantity == 3)
            let original = try #require(result.transaction.originalTransactionId)

            struct Issued: Decodable { var transactionId: String }
            let member = try await api.call(
                .post, "/control/subscriptions/\(original)/members", body: #"{"memberAccountId":"hal"}"#, authorized: false)
            let assigned = try member.decode(Issued.self).transactionId
            #expect(simulator.transaction(id: assigned)?.payload.inAppOwnershipType == .assigned)
            let added = try await api.call(.post, "/control/subscriptions/\(original)/seats", body: #"{"count":1}"#, authorized: false)
            #expect(simulator.transaction(id: try added.decode(Issued.self).transactionId)?.payload.quantity == 1)
            #expect(
                try await api.call(.post, "/control/subscriptions/\(original)/renewal-seats", body: #"{"seats":2}"#, authorized: false)
                    .status == .ok)
            #expect(simulator.subscription(originalTransactionId: original)?.seatGroup?.renewalQuantity == 2)
            #expect(
                try await api.call(.post, "/control/transactions/\(original)/seat-refund", body: #"{"count":1}"#, authorized: false).status
                    == .ok)
            #expect(simulator.transaction(id: original)?.payload.multiSeatInfo?.revokedSeatQuantity == 1)
            let refused = try await api.call(
                .post, "/control/subscriptions/\(original)/unclaim-seats", body: "{}", authorized: false)
            #expect(refused.status != .ok, "Apple hosts these invitations: there are no claims to release")
            let types = simulator.notifications().map { "\($0.notificationType.rawValue) \($0.subtype?.rawValue ?? "")" }
            #expect(
                types == [
                    "SUBSCRIBED INITIAL_BUY", "SUBSCRIBED INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF INCREASE_QUANTITY",
                    "DID_CHANGE_RENEWAL_PREF DECREASE_QUANTITY", "REFUND SEATS",
                ])
        }
    }
}

import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperApplication
import Testing

/// Grants recomputed in the transaction that wrote a subscription's state take that state from
/// memory only while the stored row holds exactly the bytes written; any other row is decoded.
@Suite struct RecordedSubscriptionStatesTests {
    static let customer = CustomerID(rawValue: "kim")!

    /// A state holding one transaction of `originalTransactionId` that expires at `expires`.
    static func state(_ originalTransactionId: String, expires: Int64) throws -> SubscriptionState {
        let json = """
            {"environment":"Sandbox","originalTransactionId":"\(originalTransactionId)","extensions":{},
             "transactions":{"\(originalTransactionId)":{"environment":"Sandbox","transactionId":"\(originalTransactionId)",
             "originalTransactionId":"\(originalTransactionId)","productId":"monthly","purchaseDate":1000,
             "expiresDate":\(expires),"quantity":1,"isUpgraded":false,"signedDate":1000,"source":"notification"}}}
            """
        return try JSONDecoder().decode(SubscriptionState.self, from: Data(json.utf8))
    }

    static func row(_ state: SubscriptionState) throws -> StoredSubscription {
        StoredSubscription(
            environment: state.environment, originalTransactionId: state.originalTransactionId, customerId: customer,
            productId: "monthly", subscriptionGroup: nil, phase: "active", expiresAt: nil,
            lastSignedDate: Timestamp(millisecondsSince1970: 1000), state: try SubscriptionApplier.encode(state),
            updatedAt: Timestamp(millisecondsSince1970: 1000))
    }

    @Test func aRowIsTakenFromMemoryOnlyWithTheBytesWritten() throws {
        let written = try Self.state("1000", expires: 2_000)
        let saved = try Self.row(written)
        var recorded = RecordedSubscriptionStates()
        recorded.remember(written, as: saved)
        #expect(try recorded.state(of: saved) == written)

        // The same subscription stored with other bytes (written after, by another step).
        let later = try Self.state("1000", expires: 3_000)
        #expect(try recorded.state(of: try Self.row(later)) == later)

        // Another subscription of the customer, never written here.
        let other = try Self.state("2000", expires: 4_000)
        #expect(try recorded.state(of: try Self.row(other)) == other)
        #expect(try RecordedSubscriptionStates().state(of: saved) == written)
    }
}

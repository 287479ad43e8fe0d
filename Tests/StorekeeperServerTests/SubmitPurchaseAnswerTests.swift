import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperHTTP
import Testing

/// The purchase route writes its answer from the domain's `CustomerView`; clients read it as the
/// wire model `SubmitPurchaseResponse`. Both must spell the same JSON, byte for byte.
@Suite struct SubmitPurchaseAnswerTests {
    @Test(arguments: [CustomerBodyTests.complete, CustomerBodyTests.minimal], [false, true])
    func theAnswerSpellsTheWireModel(_ customerJSON: String, withOrder: Bool) throws {
        let view = try JSONDecoder().decode(CustomerView.self, from: Data(customerJSON.utf8))
        let order =
            withOrder
            ? OrderBody(
                id: UUID(uuidString: "8E4B3B6C-2D1A-4C55-9C1E-0F6A4B8E9D21")!, customerId: "alice", productId: "p.gems",
                quantity: 2, state: "delivered", appAccountToken: UUID(uuidString: "0F6A4B8E-9D21-4C55-9C1E-8E4B3B6C2D1A")!,
                createdAt: 1_790_000_000_000, updatedAt: 1_790_000_000_500, expiresAt: 1_790_000_600_000,
                environment: "Sandbox", transactionId: "1001", bonusCurrency: "gems", bonusAmount: 10) : nil
        let written = try FastJSONEncoder().encode(
            SubmitPurchaseAnswer(status: "recorded", transactionIds: ["1001", "1002"], order: order, customer: view))
        let wire = SubmitPurchaseResponse(
            status: "recorded", transactionIds: ["1001", "1002"], order: order, customer: CustomerBody(view))
        #expect(written == (try FastJSONEncoder().encode(wire)))
        #expect(try JSONDecoder().decode(SubmitPurchaseResponse.self, from: Data(written)) == wire)
    }
}

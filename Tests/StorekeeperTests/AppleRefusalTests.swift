import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// What Apple refuses for a transaction itself is final and skipped; what time may cure (a rate
/// limit, a server error, an answer not understood) is retried. Each call has its own list.
@Suite struct AppleRefusalTests {
    @Test(
        arguments: [
            (AppleRefusal.Call.setAppAccountToken, 4_000_185, "FamilyTransactionNotSupportedError"),
            (.setAppAccountToken, 4_000_227, "InvalidAssignedTransactionNotSupportedError"),
            (.setAppAccountToken, 4_000_187, "TransactionIdIsNotOriginalTransactionIdError"),
            (.setAppAccountToken, 4_000_048, "AppTransactionIdNotSupportedError"),
            (.setAppAccountToken, 4_040_005, "OriginalTransactionIdNotFoundError"),
            (.sendConsumption, 4_000_227, "InvalidAssignedTransactionNotSupportedError"),
            (.sendConsumption, 4_000_047, "InvalidTransactionTypeNotSupportedError"),
            (.sendConsumption, 4_040_010, "TransactionIdNotFoundError"),
        ] as [(AppleRefusal.Call, Int64, String)])
    func whatAppleRefusesForTheTransactionIsFinal(_ call: AppleRefusal.Call, _ code: Int64, _ name: String) {
        #expect(
            AppleRefusal.reason(call, errorCode: APIErrorCode(rawValue: code)) == "Apple refuses this transaction here: \(code) \(name)")
    }

    @Test(
        arguments: [
            (AppleRefusal.Call.setAppAccountToken, Int64?.none),
            (.setAppAccountToken, 4_290_000), (.setAppAccountToken, 5_000_000), (.setAppAccountToken, 5_000_001),
            (.setAppAccountToken, 4_040_006), (.setAppAccountToken, 4_000_047), (.setAppAccountToken, 4_999_999),
            (.sendConsumption, 4_290_000), (.sendConsumption, 5_000_001), (.sendConsumption, 4_000_185), (.sendConsumption, nil),
        ] as [(AppleRefusal.Call, Int64?)])
    func whatTimeMayCureIsRetried(_ call: AppleRefusal.Call, _ code: Int64?) {
        #expect(AppleRefusal.reason(call, errorCode: code.map(APIErrorCode.init(rawValue:))) == nil)
    }

    @Test func anUpdateTravelsAsAnOutboxMessageToItsAppsDestination() throws {
        let token = UUID()
        let update = AppAccountTokenUpdate(
            environment: .sandbox, originalTransactionId: "2000000000000001", appAccountToken: token, cause: AppAccountTokenUpdate.attach)
        let customer = try #require(CustomerID(rawValue: "alice"))
        let message = try update.message(appId: "demo", customerId: customer, at: Timestamp(millisecondsSince1970: 1_000))
        #expect(message.destination == "apple:appAccountToken:demo")
        #expect(message.kind == AppAccountTokenUpdate.kind)
        #expect(message.customerId == customer)
        #expect(message.status == .pending)
        #expect(message.deadline == Timestamp(millisecondsSince1970: 1_000 + AppAccountTokenUpdate.retentionMilliseconds))
        #expect(try JSONCoding.decode(AppAccountTokenUpdate.self, from: message.payload) == update)
        #expect(update.subject == "Sandbox:2000000000000001")
    }
}

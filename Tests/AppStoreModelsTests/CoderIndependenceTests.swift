import AppStoreModels
import Foundation
import Testing

/// The models must not rely on anything JSON-specific (strategies, `JSONDecoder` quirks): a
/// different coder must round-trip them too. Property lists distinguish strings, integers and
/// Booleans, so the lenient values' wire styles are exercised as well.
@Suite("Coder independence")
struct CoderIndependenceTests {
    private func plistRoundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return try PropertyListDecoder().decode(T.self, from: encoder.encode(value))
    }

    @Test("Signed payloads and notifications round-trip through property lists")
    func signedPayloads() throws {
        let transaction = try Fixture.decode(JWSTransactionDecodedPayload.self, "signed-payloads/transaction-documented-fields.json")
        #expect(try plistRoundTrip(transaction) == transaction)
        let renewal = try Fixture.decode(JWSRenewalInfoDecodedPayload.self, "signed-payloads/renewalInfo-documented-fields.json")
        #expect(try plistRoundTrip(renewal) == renewal)
        let notification = try Fixture.decode(ResponseBodyV2DecodedPayload.self, "signed-payloads/notification-003.json")
        #expect(try plistRoundTrip(notification) == notification)
    }

    @Test("Legacy receipts and V1 notifications round-trip through property lists, wire styles included")
    func legacy() throws {
        for path in ["verify-receipt/seed-004-ios7-production.json", "verify-receipt/seed-000-ios6-autorenew-expired.json"] {
            let response = try Fixture.decode(VerifyReceiptResponse.self, path)
            let copy = try plistRoundTrip(response)
            #expect(copy == response)
            #expect(copy.appReceipt?.adamId?.wireStyle == response.appReceipt?.adamId?.wireStyle)
            #expect(copy.autoRenewStatus?.wireStyle == response.autoRenewStatus?.wireStyle)
            #expect(copy.latestReceiptInfo == response.latestReceiptInfo)
        }
        let notification = try Fixture.decode(AppStoreServerNotificationV1.self, "v1/seed-002-cancel.json")
        let copy = try plistRoundTrip(notification)
        #expect(copy == notification)
        #expect(copy.autoRenewStatus?.wireStyle == .trueFalseString)
        #expect(copy.unifiedReceipt?.pendingRenewalInfo?.first?.isInBillingRetryPeriod?.wireStyle == .digitString)
    }
}

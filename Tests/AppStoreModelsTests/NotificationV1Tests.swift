import AppStoreModels
import Foundation
import Testing

@Suite("App Store Server Notifications V1")
struct NotificationV1Tests {
    @Test("A REFUND notification with the deprecated iOS 6-style latest_receipt_info decodes (seeds/000)")
    func refund() throws {
        let notification = try Fixture.decode(AppStoreServerNotificationV1.self, "v1/seed-000-refund.json")
        #expect(notification.notificationType == .refund)
        #expect(notification.environment == .production)
        #expect(notification.environment?.appStoreEnvironment == .production)
        #expect(notification.bid == "com.example.live" && notification.bvrs == "4.98.00.1")
        let legacy = try #require(notification.latestReceiptInfo?.legacyTransaction)
        #expect(legacy.cancellationReason == 0)
        #expect(legacy.cancellationDateMs?.millisecondsSince1970 == 1_595_916_053_000)
        #expect(legacy.cancellationTimestamp?.millisecondsSince1970 == 1_595_916_053_000)
        #expect(legacy.itemId?.value == 1_146_327_846)
        let unified = try #require(notification.unifiedReceipt)
        #expect(unified.status == .valid && unified.environment == .production)
        let transaction = try #require(unified.latestReceiptInfo?.first)
        #expect(transaction.revocationReason == .other)
        #expect(transaction.cancellationDatePst?.rawValue == "2020-07-27 23:00:53 America/Los_Angeles")
        #expect(transaction.cancellationDatePst?.timestamp.millisecondsSince1970 == 1_595_916_053_000)
        #expect(notification.latestExpiredReceiptInfo == nil)
    }

    @Test("A CANCEL notification with every documented field decodes (seeds/002)")
    func cancel() throws {
        let notification = try Fixture.decode(AppStoreServerNotificationV1.self, "v1/seed-002-cancel.json")
        #expect(notification.notificationType == .cancel)
        #expect(notification.autoRenewStatus?.value == true && notification.autoRenewStatus?.wireStyle == .trueFalseString)
        #expect(notification.autoRenewAdamId == 1_455_557_382)
        #expect(notification.autoRenewProductId == "com.meitu.myxj.autorenew.vip1")
        #expect(notification.autoRenewStatusChangeDateMs?.millisecondsSince1970 == 1_591_082_974_000)
        #expect(notification.autoRenewStatusChangeDate?.timestamp == notification.autoRenewStatusChangeDateMs?.timestamp)
        #expect(notification.expirationIntent == 1)
        #expect(notification.originalTransactionId == "1000000652146125")
        #expect(notification.deprecation != nil)
        let unified = try #require(notification.unifiedReceipt)
        let transaction = try #require(unified.latestReceiptInfo?.first)
        #expect(transaction.isUpgraded?.value == true && transaction.isInIntroOfferPeriod?.value == true)
        #expect(transaction.offerCodeRefName == "SUMMER2020" && transaction.promotionalOfferId == "vip1.winback.50off")
        #expect(transaction.revocationReason == .appIssue)
        let pending = try #require(unified.pendingRenewalInfo?.first)
        #expect(pending.autoRenewProductId == "com.meitu.myxj.autorenew.vip2" && pending.autoRenewStatusValue == .on)
        #expect(pending.priceIncreaseStatusValue == .consentedOrNotified)
        #expect(pending.gracePeriodExpiresDatePst?.timestamp.millisecondsSince1970 == 1_594_279_674_000)
    }

    @Test("Re-encoding a V1 fixture reproduces it key for key", arguments: ["v1/seed-000-refund.json", "v1/seed-002-cancel.json"])
    func reEncodingIsLossless(path: String) throws {
        let encoded = try JSON.tree(Fixture.decode(AppStoreServerNotificationV1.self, path))
        let original = try JSON.tree(fixture: path)
        #expect(encoded == original, "\(encoded.differences(from: original))")
    }

    @Test("The shared secret never appears in descriptions")
    func passwordIsRedacted() throws {
        let notification = try Fixture.decode(AppStoreServerNotificationV1.self, "v1/seed-002-cancel.json")
        #expect(notification.password == "6543c0ffee6543c0ffee6543c0ffee65")
        #expect(!notification.description.contains("6543c0ffee"))
        #expect(!"\(notification)".contains("6543c0ffee"))
    }

    @Test(
        "The V1 identifiers and environments Apple sends in either form decode",
        arguments: [
            (#"{"notification_type":"DID_RECOVER","original_transaction_id":1000000652146125,"environment":"Sandbox"}"#, "Sandbox"),
            (#"{"notification_type":"DID_RECOVER","original_transaction_id":"1000000652146125","environment":"PROD"}"#, "Production"),
        ])
    func identifiers(json: String, environment: String) throws {
        let notification = try JSON.decode(AppStoreServerNotificationV1.self, json)
        #expect(notification.originalTransactionId?.value == "1000000652146125")
        #expect(notification.environment?.appStoreEnvironment.rawValue == environment)
        #expect(notification.notificationType == .didRecover)
    }

    @Test(
        "Malformed V1 values throw DecodingError",
        arguments: [
            #"{"password":"x"}"#,
            #"{"notification_type":"CANCEL","auto_renew_status":"yes"}"#,
            #"{"notification_type":"CANCEL","auto_renew_status_change_date":"2020"}"#,
            #"{"notification_type":"CANCEL","auto_renew_status_change_date_ms":"54321a"}"#,
            #"{"notification_type":"CANCEL","expiration_intent":""}"#,
            #"{"notification_type":"CANCEL","unified_receipt":{"status":"0"}}"#,
        ])
    func malformed(json: String) {
        #expect(throws: DecodingError.self) { try JSON.decode(AppStoreServerNotificationV1.self, json) }
    }
}

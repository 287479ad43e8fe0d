import AppStoreModels
import Foundation
import Testing

@Suite("Legacy verifyReceipt")
struct VerifyReceiptTests {
    @Test("The request body uses Apple's hyphenated keys and never prints the shared secret")
    func request() throws {
        let request = VerifyReceiptRequest(
            receiptData: "MIIUVQYJKoZIhvcNAQcCoIIURjCCFEICAQExCzAJBgUrDgMCGgUA",
            password: "0123456789abcdef0123456789abcdef", excludeOldTransactions: true)
        #expect(try JSON.tree(request) == JSON.tree(fixture: "verify-receipt/request.json"))
        #expect(try Fixture.decode(VerifyReceiptRequest.self, "verify-receipt/request.json") == request)
        #expect(!request.description.contains("0123456789abcdef"))
        #expect(!String(describing: request).contains("0123456789abcdef"))
        #expect(try JSON.encode(VerifyReceiptRequest(receiptData: "abc")) == #"{"receipt-data":"abc"}"#)
        #expect(throws: DecodingError.self) { try JSON.decode(VerifyReceiptRequest.self, #"{"password":"x"}"#) }
    }

    @Test("A conformance response (Apple-signed sandbox receipt, 2022) decodes with exact values")
    func conformanceCardstack() throws {
        let response = try Fixture.decode(VerifyReceiptResponse.self, "verify-receipt/conformance-001_cardstack_sandbox_2022.json")
        #expect(response.status == .valid)
        #expect(response.environment == .sandbox)
        let receipt = try #require(response.appReceipt)
        #expect(response.transactionReceipt == nil)
        #expect(receipt.receiptType == .productionSandbox)
        #expect(receipt.adamId == 0 && receipt.adamId?.wireStyle == .number)
        #expect(receipt.appItemId?.value == 0 && receipt.downloadId?.value == 0 && receipt.versionExternalIdentifier?.value == 0)
        #expect(receipt.bundleId == "com.cardstack.cardpay")
        #expect(receipt.applicationVersion == "1" && receipt.originalApplicationVersion == "1.0")
        #expect(receipt.receiptCreationDateMs?.millisecondsSince1970 == 1_656_678_537_000)
        #expect(receipt.receiptCreationDate?.timestamp.millisecondsSince1970 == 1_656_678_537_000)
        #expect(receipt.receiptCreationDatePst?.timestamp.millisecondsSince1970 == 1_656_678_537_000)
        #expect(receipt.requestDateMs?.millisecondsSince1970 == 1_656_951_491_832)
        #expect(receipt.originalPurchaseDateMs?.millisecondsSince1970 == 1_375_340_400_000)
        let purchase = try #require(receipt.inApp?.first)
        #expect(receipt.inApp?.count == 1)
        #expect(purchase.quantity == 1 && purchase.quantity?.wireStyle == .string)
        #expect(purchase.productId == "0001")
        #expect(purchase.transactionId == "2000000094963678" && purchase.originalTransactionId == "2000000094963678")
        #expect(purchase.purchaseTimestamp?.millisecondsSince1970 == 1_656_678_537_000)
        #expect(purchase.isTrialPeriod?.value == false && purchase.isTrialPeriod?.wireStyle == .trueFalseString)
        #expect(purchase.inAppOwnershipType == .purchased)
        #expect(purchase.expiresDate == nil && purchase.cancellationDate == nil)
    }

    @Test("A conformance consumable response (2020, escaped slashes) decodes")
    func conformanceWhitepaek() throws {
        let response = try Fixture.decode(
            VerifyReceiptResponse.self, "verify-receipt/conformance-004_whitepaek_consumable_sandbox_2020.json")
        let receipt = try #require(response.appReceipt)
        #expect(receipt.bundleId == "com.whitepaek.apps")
        #expect(receipt.receiptCreationDate?.rawValue == "2020-11-30 04:02:18 Etc/GMT")
        #expect(receipt.receiptCreationDatePst?.timeZoneIdentifier == "America/Los_Angeles")
        let purchase = try #require(receipt.inApp?.first)
        #expect(purchase.productId == "products.consumable" && purchase.transactionId == "1000000747843075")
        #expect(purchase.originalPurchaseTimestamp?.millisecondsSince1970 == 1_606_708_938_000)
        #expect(purchase.inAppOwnershipType == nil)
    }

    @Test("An iOS 7-style production response with subscriptions decodes (seeds/004)")
    func seedProductionResponse() throws {
        let response = try Fixture.decode(VerifyReceiptResponse.self, "verify-receipt/seed-004-ios7-production.json")
        #expect(response.status == .valid && response.environment == .production)
        let receipt = try #require(response.appReceipt)
        #expect(receipt.receiptType == .production)
        #expect(receipt.adamId?.value == 1_578_996_855 && receipt.appItemId?.value == 1_578_996_855)
        #expect(receipt.downloadId?.value == 501_384_164_329_443_772)
        #expect(receipt.versionExternalIdentifier?.value == 845_585_564)
        #expect(receipt.requestDateMs?.millisecondsSince1970 == 1_653_380_622_275)
        #expect(receipt.inApp?.count == 2)
        let refunded = try #require(receipt.inApp?.last)
        #expect(refunded.cancellationTimestamp?.millisecondsSince1970 == 1_608_363_640_000)
        #expect(refunded.promotionalOfferId == "12345678")
        #expect(refunded.webOrderLineItemId == "530000464995052")
        #expect(refunded.expiresTimestamp?.millisecondsSince1970 == 1_653_274_481_000)
        let latest = try #require(response.latestReceiptInfo?.transactions)
        #expect(response.latestReceiptInfo?.legacyTransaction == nil)
        #expect(latest.map(\.productId) == ["21337yui222", "wdqrwei2222", "wdqrwei2222"])
        #expect(latest[0].expiresDate == nil)
        #expect(latest[1].subscriptionGroupIdentifier == "20858308")
        #expect(latest[2].isUpgraded?.value == true)
        #expect(response.latestReceipt?.hasPrefix("MIIUVQ") == true)
        let pending = try #require(response.pendingRenewalInfo?.first)
        #expect(pending.autoRenewStatus?.value == false && pending.autoRenewStatus?.wireStyle == .digitString)
        #expect(pending.autoRenewStatusValue == .off)
        #expect(pending.isInBillingRetryPeriod?.value == true)
        #expect(pending.expirationIntentValue == .customerCancelled)
        #expect(pending.gracePeriodExpiresDateMs?.millisecondsSince1970 == 1_607_671_982_000)
        #expect(pending.priceConsentStatus?.value == true)
    }

    @Test("An iOS 6-style transaction receipt decodes (seeds/000)")
    func seedIOS6Receipt() throws {
        let response = try Fixture.decode(VerifyReceiptResponse.self, "verify-receipt/seed-000-ios6-non-renewing.json")
        #expect(response.status == .valid)
        #expect(response.appReceipt == nil)
        let receipt = try #require(response.transactionReceipt)
        #expect(receipt.bid == "com.example.live" && receipt.bvrs == "3.96.3.0")
        #expect(receipt.itemId?.value == 1_146_327_846 && receipt.appItemId?.value == 774_384_491)
        #expect(receipt.versionExternalIdentifier?.value == 827_233_954 && receipt.versionExternalIdentifier?.wireStyle == .string)
        #expect(receipt.uniqueIdentifier == "00008020-0004482A3628002E")
        #expect(receipt.uniqueVendorIdentifier == "0C4C3E40-21D8-4BC4-992F-1CB9A6CAEA4C")
        #expect(receipt.purchaseDateMs?.millisecondsSince1970 == 1_531_643_137_200)
        #expect(receipt.purchaseDate?.timestamp.millisecondsSince1970 == 1_531_643_137_000)
        #expect(receipt.purchaseDatePst?.timestamp == receipt.purchaseDate?.timestamp)
        #expect(receipt.transactionId == receipt.originalTransactionId)
        #expect(receipt.isInIntroOfferPeriod?.value == false)
    }

    @Test("An expired iOS 6-style subscription (status 21006) decodes with its top-level renewal fields")
    func seedExpiredSubscription() throws {
        let response = try Fixture.decode(VerifyReceiptResponse.self, "verify-receipt/seed-000-ios6-autorenew-expired.json")
        #expect(response.status == .subscriptionExpired && !response.status.isRetryable)
        #expect(response.autoRenewStatus?.value == false && response.autoRenewStatus?.wireStyle == .number)
        #expect(response.expirationIntent == 1)
        #expect(response.isInBillingRetryPeriod?.value == false)
        #expect(response.autoRenewProductId == "com.example.vip.autorenew")
        let receipt = try #require(response.transactionReceipt)
        #expect(receipt.expiresDate?.millisecondsSince1970 == 1_517_359_990_000)
        #expect(receipt.expiresDateFormatted?.rawValue == "2018-01-31 00:53:10 Etc/GMT")
        #expect(receipt.expiresTimestamp == receipt.expiresDateFormatted?.timestamp)
        #expect(receipt.webOrderLineItemId == "1000000037544589")
        let expired = try #require(response.latestExpiredReceiptInfo)
        #expect(expired.transactionId == "1000000371718901" && expired.productId == "abc")
        #expect(expired.expiresDate?.millisecondsSince1970 == 1_517_368_991_000)
    }

    @Test("latest_receipt_info accepts an array or an object and writes the same shape back")
    func latestReceiptInfoShapes() throws {
        let array = try JSON.decode(LatestReceiptInfo.self, #"[{"transaction_id":"1","quantity":"1"}]"#)
        #expect(array.transactions.first?.transactionId == "1")
        #expect(try JSON.encode(array) == #"[{"quantity":"1","transaction_id":"1"}]"#)
        let object = try JSON.decode(LatestReceiptInfo.self, #"{"transaction_id":"2","bid":"b","expires_date":"1517368991000"}"#)
        #expect(object.legacyTransaction?.expiresDate?.millisecondsSince1970 == 1_517_368_991_000)
        #expect(object.transactions.isEmpty)
        #expect(try JSON.encode(object) == #"{"bid":"b","expires_date":"1517368991000","transaction_id":"2"}"#)
        #expect(throws: DecodingError.self) { try JSON.decode(LatestReceiptInfo.self, #""text""#) }
        #expect(throws: DecodingError.self) { try JSON.decode(LatestReceiptInfo.self, #"[{"quantity":"one"}]"#) }
    }

    @Test(
        "Re-encoding a verifyReceipt fixture reproduces Apple's JSON, string-typed numbers included",
        arguments: [
            "conformance-001_cardstack_sandbox_2022", "conformance-004_whitepaek_consumable_sandbox_2020",
            "seed-000-ios6-non-renewing", "seed-000-ios6-autorenew-expired", "seed-004-ios7-production",
        ])
    func reEncodingIsLossless(name: String) throws {
        let path = "verify-receipt/\(name).json"
        let encoded = try JSON.tree(Fixture.decode(VerifyReceiptResponse.self, path))
        let original = try JSON.tree(fixture: path)
        #expect(encoded == original, "\(encoded.differences(from: original))")
    }

    @Test(
        "Formatted dates agree with their *_ms twins in Apple's own responses",
        arguments: [
            "conformance-001_cardstack_sandbox_2022", "conformance-004_whitepaek_consumable_sandbox_2020",
        ])
    func formattedDatesAgree(name: String) throws {
        let receipt = try #require(Fixture.decode(VerifyReceiptResponse.self, "verify-receipt/\(name).json").appReceipt)
        let triples: [(AppleFormattedDate?, FlexibleTimestamp?, AppleFormattedDate?)] =
            [
                (receipt.receiptCreationDate, receipt.receiptCreationDateMs, receipt.receiptCreationDatePst),
                (receipt.requestDate, receipt.requestDateMs, receipt.requestDatePst),
                (receipt.originalPurchaseDate, receipt.originalPurchaseDateMs, receipt.originalPurchaseDatePst),
            ]
            + (receipt.inApp ?? []).flatMap {
                [
                    ($0.purchaseDate, $0.purchaseDateMs, $0.purchaseDatePst),
                    ($0.originalPurchaseDate, $0.originalPurchaseDateMs, $0.originalPurchaseDatePst),
                ]
            }
        for (gmt, milliseconds, pacific) in triples {
            let whole = try #require(milliseconds).millisecondsSince1970 / 1000 * 1000
            #expect(gmt?.timestamp.millisecondsSince1970 == whole)
            #expect(pacific?.timestamp.millisecondsSince1970 == whole)
        }
    }

    @Test(
        "Malformed legacy values throw DecodingError",
        arguments: [
            #"{"status":0,"receipt":{"bundle_id":"b","in_app":[{"quantity":"one"}]}}"#,
            #"{"status":0,"receipt":{"bundle_id":"b","receipt_creation_date_ms":"2022-07-01"}}"#,
            #"{"status":0,"receipt":{"bundle_id":"b","receipt_creation_date":"2022-07-01 12:28:57"}}"#,
            #"{"status":0,"receipt":{"bundle_id":"b","in_app":[{"is_trial_period":"maybe"}]}}"#,
            #"{"status":0,"receipt":{"bundle_id":"b","adam_id":"x"}}"#,
            #"{"status":"0"}"#,
            #"{"environment":"Sandbox"}"#,
            #"{"status":0,"pending_renewal_info":[{"is_in_billing_retry_period":"2"}]}"#,
            #"{"status":0,"receipt":[]}"#,
        ])
    func malformed(json: String) {
        #expect(throws: DecodingError.self) { try JSON.decode(VerifyReceiptResponse.self, json) }
    }

    @Test("Unknown keys and undocumented statuses are tolerated")
    func tolerant() throws {
        let response = try JSON.decode(
            VerifyReceiptResponse.self,
            #"{"status":21150,"is-retryable":true,"environment":"Production","something_new":[1]}"#)
        #expect(response.status.rawValue == 21150 && response.status.isRetryable && !response.status.isKnown)
        #expect(response.isRetryable?.value == true && response.isRetryable?.wireStyle == .boolean)
        #expect(try JSON.roundTrip(response) == response)
    }
}

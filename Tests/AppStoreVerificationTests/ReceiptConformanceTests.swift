import AppStoreModels
import AppStoreVerification
import Foundation
import Testing

/// The genuine Apple sandbox receipts must verify against the Apple Inc. Root and decode exactly
/// as Apple's `verifyReceipt` reported them.
@Suite("Receipt conformance: genuine Apple receipts")
struct ReceiptConformanceTests {
    @Test("verifies against the Apple Inc. Root, validity judged at creation", arguments: ReceiptFixtures.receiptNames)
    func accepts(name: String) throws {
        let verified = try ReceiptFixtures.appleVerifier.verify(base64Receipt: ReceiptFixtures.base64(name))
        #expect(verified.digestAlgorithm == "SHA-1")
        #expect(verified.environment == .sandbox)
        #expect(verified.chainValidity.contains(verified.signedDate))
        // The WWDR G1 intermediate expired 2023-02-07: only judging at creation makes these valid.
        #expect(verified.chainValidity.upperBound < Timestamp(millisecondsSince1970: 1_700_000_000_000))
    }

    @Test("decodes field for field as verifyReceipt did", arguments: ReceiptFixtures.receiptNames)
    func matchesVerifyReceipt(name: String) throws {
        let receipt = try ReceiptFixtures.appleVerifier.verify(base64Receipt: ReceiptFixtures.base64(name)).receipt
        let response = try ReceiptFixtures.verifyReceiptResponse(name)
        let apple = try #require(response["receipt"] as? [String: Any])

        #expect(receipt.bundleId == apple["bundle_id"] as? String)
        #expect(receipt.applicationVersion == apple["application_version"] as? String)
        #expect(receipt.originalApplicationVersion == apple["original_application_version"] as? String)
        #expect(receipt.receiptType?.rawValue == apple["receipt_type"] as? String)
        #expect(receipt.receiptCreationDate == timestamp(apple["receipt_creation_date_ms"]))
        #expect(receipt.originalPurchaseDate == timestamp(apple["original_purchase_date_ms"]))
        #expect(receipt.appItemId == (apple["app_item_id"] as? NSNumber)?.int64Value)
        #expect(receipt.appItemId == (apple["adam_id"] as? NSNumber)?.int64Value)
        #expect(receipt.downloadId == (apple["download_id"] as? NSNumber)?.int64Value)
        #expect(receipt.versionExternalIdentifier == (apple["version_external_identifier"] as? NSNumber)?.int64Value)
        #expect(receipt.environment?.rawValue == response["environment"] as? String)
        #expect(receipt.opaqueValue?.isEmpty == false)
        #expect(receipt.sha1Hash?.count == 20)

        let appleInApp = try #require(apple["in_app"] as? [[String: Any]])
        try #require(receipt.inApp.count == appleInApp.count)
        for expected in appleInApp {
            let transactionId = try #require(expected["transaction_id"] as? String)
            let purchase = try #require(receipt.inApp.first { $0.transactionId == transactionId })
            #expect(purchase.productId == expected["product_id"] as? String)
            #expect(purchase.originalTransactionId == expected["original_transaction_id"] as? String)
            #expect(purchase.quantity.map(String.init) == expected["quantity"] as? String)
            #expect(purchase.purchaseDate == timestamp(expected["purchase_date_ms"]))
            #expect(purchase.originalPurchaseDate == timestamp(expected["original_purchase_date_ms"]))
            #expect(purchase.expiresDate == timestamp(expected["expires_date_ms"]))
            #expect(purchase.cancellationDate == timestamp(expected["cancellation_date_ms"]))
            #expect(purchase.isTrialPeriod.map { String($0) } == expected["is_trial_period"] as? String)
            #expect(purchase.isInIntroOfferPeriod.map { String($0) } == expected["is_in_intro_offer_period"] as? String)
            #expect(purchase.promotionalOfferId == expected["promotional_offer_id"] as? String)
            // Consumables carry web order line item 0; verifyReceipt omits the key then.
            let webOrder = (expected["web_order_line_item_id"] as? String).flatMap { Int64($0) } ?? 0
            #expect(purchase.webOrderLineItemId == webOrder)
        }
    }

    @Test("ownership type: verifyReceipt reports it, the receipt has no documented attribute for it")
    func ownershipType() throws {
        let name = "001_cardstack_sandbox_2022"
        let response = try ReceiptFixtures.verifyReceiptResponse(name)
        let apple = try #require((response["receipt"] as? [String: Any])?["in_app"] as? [[String: Any]])
        #expect(apple.first?["in_app_ownership_type"] as? String == "PURCHASED")
        // Nothing is lost: every in-app attribute without a documented meaning is kept verbatim.
        let receipt = try AppReceiptParser.parse(base64Receipt: ReceiptFixtures.base64(name))
        let unknownTypes = Set(receipt.inApp.flatMap { $0.unknownAttributes.map(\.type) })
        #expect(unknownTypes.isSuperset(of: [1707, 1709, 1710, 1714, 1722]))
    }

    @Test("the parse-only entry point agrees with the verifier", arguments: ReceiptFixtures.receiptNames)
    func parserAgrees(name: String) throws {
        let parsed = try AppReceiptParser.parse(receiptDER: ReceiptFixtures.der(name))
        let verified = try ReceiptFixtures.appleVerifier.verify(receiptDER: ReceiptFixtures.der(name))
        #expect(parsed == verified.receipt)
    }

    @Test("a steady-state verification reuses the cached chain")
    func cachesChain() throws {
        let verifier = try AppReceiptVerifier()
        #expect(verifier.cachedChainCount == 0)
        for name in ReceiptFixtures.receiptNames {
            _ = try verifier.verify(base64Receipt: ReceiptFixtures.base64(name))
            _ = try verifier.verify(base64Receipt: ReceiptFixtures.base64(name))
        }
        // Both receipts were signed by the same certificates: one chain.
        #expect(verifier.cachedChainCount == 1)
    }
}

import AppStoreModels
public import Foundation

/// Verifies legacy receipts for `SignedDataInspector` and renders them with the key names
/// Apple's `verifyReceipt` uses, so the output compares directly with Apple's.
///
/// App receipts (PKCS#7) are verified locally. iOS 6-style transaction receipts are decoded,
/// but their signature format is not publicly specified, so they are reported as
/// `unverifiableLocally`: only Apple's `verifyReceipt` can confirm them.
public struct ReceiptInspector: ReceiptInspecting {
    private let verifier: AppReceiptVerifier

    public init(trustedRoots: TrustedRoots, expectations: VerificationExpectations) {
        verifier = AppReceiptVerifier(
            trustedRoots: trustedRoots.certificates,
            expectations: AppReceiptExpectations(
                bundleId: expectations.bundleId, appAppleId: expectations.appAppleId,
                environments: expectations.environments))
    }

    public func inspect(kind: SignedDataKind, base64: String) throws(VerificationError) -> Data {
        if kind == .transactionReceipt {
            let receipt = try IOS6TransactionReceiptParser.parse(base64Receipt: base64)
            throw VerificationError(
                .unverifiableLocally,
                "iOS 6 transaction receipt for \(receipt.purchaseInfoFields["product-id"] ?? "?") decoded; only verifyReceipt can confirm it"
            )
        }
        let verified = try verifier.verify(base64Receipt: base64)
        return try SignedDataInspector.json(Self.render(verified))
    }

    static func render(_ verified: VerifiedAppReceipt) -> [String: Any] {
        let receipt = verified.receipt
        var object: [String: Any] = [:]
        object["receipt_type"] = receipt.receiptType?.rawValue
        object["app_item_id"] = receipt.appItemId
        object["bundle_id"] = receipt.bundleId
        object["application_version"] = receipt.applicationVersion
        object["original_application_version"] = receipt.originalApplicationVersion
        object["download_id"] = receipt.downloadId
        object["version_external_identifier"] = receipt.versionExternalIdentifier
        object["receipt_creation_date_ms"] = receipt.receiptCreationDate.map { String($0.millisecondsSince1970) }
        object["original_purchase_date_ms"] = receipt.originalPurchaseDate.map { String($0.millisecondsSince1970) }
        object["expiration_date_ms"] = receipt.expirationDate.map { String($0.millisecondsSince1970) }
        object["environment"] = verified.environment?.rawValue
        object["signature_digest"] = verified.digestAlgorithm
        object["in_app"] = receipt.inApp.map { purchase -> [String: Any] in
            var item: [String: Any] = [:]
            item["quantity"] = purchase.quantity.map(String.init)
            item["product_id"] = purchase.productId
            item["transaction_id"] = purchase.transactionId
            item["original_transaction_id"] = purchase.originalTransactionId
            item["purchase_date_ms"] = purchase.purchaseDate.map { String($0.millisecondsSince1970) }
            item["original_purchase_date_ms"] = purchase.originalPurchaseDate.map { String($0.millisecondsSince1970) }
            item["expires_date_ms"] = purchase.expiresDate.map { String($0.millisecondsSince1970) }
            item["web_order_line_item_id"] = purchase.webOrderLineItemId.map(String.init)
            item["cancellation_date_ms"] = purchase.cancellationDate.map { String($0.millisecondsSince1970) }
            item["is_trial_period"] = purchase.isTrialPeriod.map { $0 ? "true" : "false" }
            item["is_in_intro_offer_period"] = purchase.isInIntroOfferPeriod.map { $0 ? "true" : "false" }
            item["promotional_offer_id"] = purchase.promotionalOfferId
            return item
        }
        return object
    }
}

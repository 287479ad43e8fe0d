import AppStoreModels
import Foundation

extension SimulationEngine {
    /// The account's legacy app receipt for an app as of `time`: every purchase in the app with
    /// Apple's in-app ASN.1 fields, tied to the account by `download_id`.
    mutating func appReceipt(account id: String, bundleId: String, at time: Timestamp) throws(SimulatorError) -> AppReceipt {
        let account = try account(id)
        let app = try app(bundleId)
        let record = try appTransaction(account: id, bundleId: bundleId, at: time)
        var generator = SystemRandomNumberGenerator()
        return AppReceipt(
            receiptType: account.environment == .production ? .production : .productionSandbox,
            appItemId: account.environment == .production ? app.appAppleId : 0, bundleId: bundleId,
            applicationVersion: app.applicationVersion,
            opaqueValue: (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) },
            sha1Hash: (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) },
            receiptCreationDate: time, downloadId: record.downloadId,
            versionExternalIdentifier: account.environment == .production ? 800_000_000 + (Int64(app.bundleVersion) ?? 0) : 0,
            originalPurchaseDate: record.originalPurchaseDate,
            originalApplicationVersion: record.originalApplicationVersion,
            inApp: legacyTransactions(account: id, bundleId: bundleId).map(receiptInAppPurchase))
    }

    /// The receipt signed as PKCS#7 and base64-encoded, as an app uploads it.
    mutating func appReceiptBase64(account id: String, bundleId: String, at time: Timestamp) throws(SimulatorError) -> String {
        let receipt = try appReceipt(account: id, bundleId: bundleId, at: time)
        do {
            return try receiptBuilder.buildBase64(receipt)
        } catch {
            throw SimulatorError(.signingFailed, "receipt signing failed: \(error)")
        }
    }

    /// The account's transactions in an app, oldest first.
    func legacyTransactions(account id: String, bundleId: String) -> [StoredTransaction] {
        state.transactions.values
            .filter { $0.accountId == id && $0.bundleId == bundleId }
            .sorted {
                ($0.payload.purchaseDate ?? Timestamp(millisecondsSince1970: 0), $0.createdSequence)
                    < ($1.payload.purchaseDate ?? Timestamp(millisecondsSince1970: 0), $1.createdSequence)
            }
    }

    func receiptInAppPurchase(_ transaction: StoredTransaction) -> AppReceiptInAppPurchase {
        let payload = transaction.payload
        return AppReceiptInAppPurchase(
            quantity: Int64(payload.quantity ?? 1), productId: payload.productId, transactionId: payload.transactionId,
            originalTransactionId: payload.originalTransactionId, purchaseDate: payload.purchaseDate,
            originalPurchaseDate: payload.originalPurchaseDate, expiresDate: payload.expiresDate,
            webOrderLineItemId: payload.webOrderLineItemId.flatMap { Int64($0) },
            cancellationDate: payload.revocationDate, isTrialPeriod: Self.isTrial(payload),
            isInIntroOfferPeriod: Self.isIntro(payload),
            promotionalOfferId: payload.offerType == .promotionalOffer ? payload.offerIdentifier : nil)
    }

    static func isTrial(_ payload: JWSTransactionDecodedPayload) -> Bool {
        payload.offerType == .introductoryOffer && payload.offerDiscountType == .freeTrial
    }

    static func isIntro(_ payload: JWSTransactionDecodedPayload) -> Bool {
        payload.offerType == .introductoryOffer && payload.offerDiscountType != .freeTrial
    }

    /// A transaction as `verifyReceipt` and V1 notifications print it.
    func receiptTransactionInfo(_ transaction: StoredTransaction) -> ReceiptTransactionInfo {
        let payload = transaction.payload
        let isSubscription = payload.type == .autoRenewableSubscription
        let purchase = ReceiptPurchase(
            quantity: FlexibleInt64(Int64(payload.quantity ?? 1)), productId: payload.productId,
            transactionId: payload.transactionId, originalTransactionId: payload.originalTransactionId,
            webOrderLineItemId: payload.webOrderLineItemId, purchaseDate: payload.purchaseDate.map(AppleFormattedDate.gmt),
            purchaseDateMs: payload.purchaseDate.map { FlexibleTimestamp($0) },
            purchaseDatePst: payload.purchaseDate.flatMap { try? AppleFormattedDate.pacific($0) },
            originalPurchaseDate: payload.originalPurchaseDate.map(AppleFormattedDate.gmt),
            originalPurchaseDateMs: payload.originalPurchaseDate.map { FlexibleTimestamp($0) },
            originalPurchaseDatePst: payload.originalPurchaseDate.flatMap { try? AppleFormattedDate.pacific($0) },
            cancellationDate: payload.revocationDate.map(AppleFormattedDate.gmt),
            cancellationDateMs: payload.revocationDate.map { FlexibleTimestamp($0) },
            cancellationDatePst: payload.revocationDate.flatMap { try? AppleFormattedDate.pacific($0) },
            cancellationReason: payload.revocationDate == nil || payload.isUpgraded == true
                ? nil : FlexibleInt64(Int64(payload.revocationReason?.rawValue ?? 0)),
            isTrialPeriod: isSubscription ? FlexibleBool(Self.isTrial(payload)) : nil,
            isInIntroOfferPeriod: isSubscription ? FlexibleBool(Self.isIntro(payload)) : nil)
        return ReceiptTransactionInfo(
            purchase: purchase,
            expiresDate: payload.expiresDate.map(AppleFormattedDate.gmt),
            expiresDateMs: payload.expiresDate.map { FlexibleTimestamp($0) },
            expiresDatePst: payload.expiresDate.flatMap { try? AppleFormattedDate.pacific($0) },
            isUpgraded: payload.isUpgraded == true ? FlexibleBool(true) : nil,
            promotionalOfferId: payload.offerType == .promotionalOffer ? payload.offerIdentifier : nil,
            offerCodeRefName: payload.offerType == .offerCode ? payload.offerIdentifier : nil,
            subscriptionGroupIdentifier: payload.subscriptionGroupIdentifier,
            inAppOwnershipType: payload.inAppOwnershipType, appAccountToken: payload.appAccountToken)
    }

    /// A subscription's `pending_renewal_info` entry.
    func pendingRenewalInfo(_ subscription: SimulatedSubscription) -> PendingRenewalInfo {
        let inRetry = subscription.phase == .gracePeriod || subscription.phase == .billingRetry
        let grace = inRetry ? subscription.gracePeriodExpiresDate : nil
        return PendingRenewalInfo(
            autoRenewProductId: subscription.autoRenewProductId,
            autoRenewStatus: FlexibleBool(subscription.autoRenewEnabled, wireStyle: .digitString),
            expirationIntent: (inRetry || subscription.phase == .expired)
                ? subscription.expirationIntent.map { FlexibleInt64(Int64($0.rawValue)) } : nil,
            gracePeriodExpiresDate: grace.map(AppleFormattedDate.gmt),
            gracePeriodExpiresDateMs: grace.map { FlexibleTimestamp($0) },
            gracePeriodExpiresDatePst: grace.flatMap { try? AppleFormattedDate.pacific($0) },
            isInBillingRetryPeriod: inRetry || subscription.phase == .expired
                ? FlexibleBool(inRetry, wireStyle: .digitString) : nil,
            offerCodeRefName: subscription.pendingOffer?.offerType == .offerCode ? subscription.pendingOffer?.offerId : nil,
            originalTransactionId: subscription.originalTransactionId,
            priceConsentStatus: subscription.priceIncrease.map { FlexibleBool($0.applies, wireStyle: .digitString) },
            priceIncreaseStatus: subscription.priceIncrease.map { FlexibleInt64($0.applies ? 1 : 0) },
            productId: subscription.productId,
            promotionalOfferId: subscription.pendingOffer?.offerType == .promotionalOffer
                ? subscription.pendingOffer?.offerId : nil)
    }
}
